import { type Page, expect } from '@playwright/test';

export const E2E_PORT = Number(process.env.E2E_PORT ?? 3107);
/** The operator the journeys' server is started with (FAKTURA_ADMIN_EMAIL / _PASSWORD). */
export const E2E_USER = { email: 'e2e@faktura.test', password: 'e2e-password-123', name: 'E2e' };

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** Signs in through the login form and waits for the shell. */
export async function signIn(
  page: Page,
  email = E2E_USER.email,
  password = E2E_USER.password,
): Promise<void> {
  await page.getByLabel(/^(E-mail)/).fill(email);
  await page.getByLabel(/^(Lozinka|Password)/).fill(password);
  await page.getByRole('button', { name: /^(Prijava|Log in)$/ }).click();
  await expect(page.getByRole('navigation')).toBeVisible();
}

/** Picks HR or EN in the language switch of the current screen. */
export async function chooseLanguage(page: Page, code: 'HR' | 'EN'): Promise<void> {
  await page
    .locator('label')
    .filter({ hasText: new RegExp(`^${code}$`) })
    .first()
    .click();
}

/** Croatian month names in the genitive, as the calendar's day buttons write them ("5 ožujka 2026"). */
export const HR_MONTHS_GENITIVE = [
  'siječnja',
  'veljače',
  'ožujka',
  'travnja',
  'svibnja',
  'lipnja',
  'srpnja',
  'kolovoza',
  'rujna',
  'listopada',
  'studenoga',
  'prosinca',
];
