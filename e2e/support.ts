import { type APIRequestContext, type Page, expect } from '@playwright/test';

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

/**
 * A full-page screenshot at 390 × 844 (a phone), taken once the shell has settled into its phone
 * layout (the navigation slides away) and the page does not scroll sideways; then back to `after`.
 */
export async function phoneScreenshot(
  page: Page,
  path: string,
  after = { width: 1280, height: 900 },
  options: { fullPage?: boolean } = { fullPage: true },
): Promise<void> {
  await page.setViewportSize({ width: 390, height: 844 });
  // what sticks out past the right edge, innermost first, to name in the failure
  const overflowing = () =>
    page.evaluate(() => {
      const width = document.documentElement.clientWidth;
      if (document.documentElement.scrollWidth <= width) return [];
      // a table that scrolls inside itself is fine: only what is not clipped by such a box counts
      const clipped = (el: Element) => {
        for (let up = el.parentElement; up; up = up.parentElement)
          if (getComputedStyle(up).overflowX !== 'visible' && up.getBoundingClientRect().right <= width + 1)
            return true;
        return false;
      };
      const out = Array.from(document.querySelectorAll('body *')).filter(
        (el) => el.getBoundingClientRect().right > width + 1 && !clipped(el),
      );
      return out
        .filter((el) => !out.some((other) => other !== el && el.contains(other)))
        .slice(0, 5)
        .map(
          (el) =>
            `${el.tagName.toLowerCase()}.${Array.from(el.classList).join('.')} "${(el.textContent ?? '').slice(0, 40)}"`,
        );
    });
  await expect
    .poll(overflowing, { timeout: 10_000, message: 'nothing may stick out past a 390 px wide page' })
    .toEqual([]);
  // the navigation's slide-out transition (200 ms) has finished
  await page.waitForTimeout(400);
  await page.screenshot({ path, ...options });
  await page.setViewportSize(after);
}

/** The signed-in page's bearer token, as headers for API calls beside the browser (seeding, settings). */
export async function authHeaders(page: Page): Promise<Record<string, string>> {
  const stored = await page.evaluate(() => localStorage.getItem('faktura.profile'));
  const profile = JSON.parse(stored ?? '{}') as { token: { cryptogram: string } };
  return { authorization: `Bearer ${profile.token.cryptogram}` };
}

/** Numbers invoices at premises of the journey's own, so its dates never clash with another journey's. */
export async function usePremises(page: Page, request: APIRequestContext, premisesCode: string): Promise<void> {
  const res = await request.put('/api/v1/settings/pos', { headers: await authHeaders(page), data: { premisesCode, deviceCode: '1' } });
  expect(res.status()).toBe(200);
}
