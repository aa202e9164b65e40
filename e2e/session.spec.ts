import { expect } from '@playwright/test';
import { E2E_USER, chooseLanguage, signIn, test } from './support';

test.describe('signing in and out', () => {
  test('the Login button waits for both fields, and a failed login shows the reason', async ({ page }) => {
    await page.goto('/');
    const login = page.getByRole('button', { name: 'Prijava' });
    await expect(login).toBeDisabled();
    await page.getByLabel(/^E-mail/).fill(E2E_USER.email);
    await expect(login).toBeDisabled();
    await page.getByLabel(/^Lozinka/).fill('not the password');
    await expect(login).toBeEnabled();
    await login.click();
    await expect(page.getByRole('alert')).toHaveText('Pogrešan e-mail ili lozinka');
    await expect(page.getByRole('navigation')).toHaveCount(0);
  });

  test('sign in, see the shell in Croatian, switch to English, reload a deep link, log out', async ({ page }) => {
    await page.goto('/');
    await signIn(page);

    // the shell, in Croatian by default
    await expect(page.getByRole('heading', { level: 1, name: 'Nadzorna ploča' })).toBeVisible();
    const nav = page.getByRole('navigation');
    for (const name of ['Nadzorna ploča', 'Računi', 'Primljeni računi', 'Klijenti', 'Adrese', 'Postavke']) {
      await expect(nav.getByRole('link', { name, exact: true })).toBeVisible();
    }
    await expect(page.getByRole('button', { name: E2E_USER.name })).toBeVisible();
    await page.screenshot({ path: 'test-results/screens/shell-hr.png' });

    // navigate, then reload the deep link: still signed in, same page
    await nav.getByRole('link', { name: 'Računi', exact: true }).click();
    await expect(page).toHaveURL(/\/Invoices$/);
    await page.goto('/Invoices/NewInvoice');
    await expect(page.getByRole('heading', { level: 1, name: 'Računi > Novi račun' })).toBeVisible();
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Računi > Novi račun' })).toBeVisible();

    // English, remembered across a reload
    await chooseLanguage(page, 'EN');
    await expect(page.getByRole('heading', { level: 1, name: 'Invoices > New Invoice' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Clients' })).toBeVisible();
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    await page.screenshot({ path: 'test-results/screens/shell-en.png' });
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    await chooseLanguage(page, 'HR');
    await expect(page.getByRole('heading', { level: 1, name: 'Nadzorna ploča' })).toBeVisible();

    // an unknown route
    await page.goto('/Nema/Ovoga');
    await expect(page.getByRole('heading', { level: 1, name: 'Stranica nije pronađena' })).toBeVisible();

    // log out: back to the login screen, and a reload does not bring the session back
    await page.goto('/Clients');
    await page.getByRole('button', { name: E2E_USER.name }).click();
    await page.getByRole('menuitem', { name: 'Odjava' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('button', { name: 'Prijava' })).toBeVisible();
    await page.reload();
    await expect(page.getByRole('button', { name: 'Prijava' })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('faktura.profile'))).toBeNull();
  });

  test('the user menu, loaded on first use, works from the keyboard and the mouse as ever, in both languages', async ({ page }) => {
    await page.goto('/');
    await signIn(page);
    // A fresh load of a screen: the menu's code is not in yet. It arrives late (a slow network), so
    // the button asked for the menu is replaced while it has the focus.
    const menuCode: string[] = [];
    await page.route('**/assets/UserMenuLoaded-*.js', async (route) => {
      menuCode.push(route.request().url());
      await new Promise((resolve) => setTimeout(resolve, 600));
      await route.continue();
    });
    await page.goto('/Invoices');
    await expect(page.getByRole('heading', { level: 1, name: 'Računi' })).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(menuCode).toHaveLength(0);

    const button = page.getByRole('button', { name: E2E_USER.name });
    await expect(button).toHaveAttribute('aria-haspopup', 'menu');
    await expect(button).toHaveAttribute('aria-expanded', 'false');
    await button.focus();
    await page.keyboard.press('Enter');
    const menu = page.getByRole('menu');
    await expect(menu).toBeVisible();
    expect(menuCode).toHaveLength(1);
    await expect(button).toHaveAttribute('aria-expanded', 'true');
    await page.screenshot({ path: 'test-results/screens/user-menu-keyboard-hr.png' });
    await page.keyboard.press('ArrowDown');
    await expect(page.getByRole('menuitem', { name: 'Odjava' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await expect(button).toBeFocused();

    // Space and Enter again, Escape each time returning the focus to the button
    await page.keyboard.press('Space');
    await expect(menu).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await expect(button).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(menu).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(button).toBeFocused();

    // the mouse, in English
    await chooseLanguage(page, 'EN');
    await expect(page.getByRole('heading', { level: 1, name: 'Invoices' })).toBeVisible();
    await button.click();
    await expect(page.getByRole('menuitem', { name: 'Log out' })).toBeVisible();
    await page.screenshot({ path: 'test-results/screens/user-menu-mouse-en.png' });
    await page.mouse.click(10, 400);
    await expect(menu).toBeHidden();

    // a first click on a fresh load opens it too, and Log out works
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Invoices' })).toBeVisible();
    await page.getByRole('button', { name: E2E_USER.name }).click();
    await page.getByRole('menuitem', { name: 'Log out' }).click();
    await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible();
    await chooseLanguage(page, 'HR');
  });

  test('the HttpOnly refresh cookie renews a spoiled access token in a real browser', async ({ page }) => {
    await page.goto('/');
    await signIn(page);
    // spoil the stored access token: the next API call gets 401, refreshes once and retries
    await page.evaluate(() => {
      const profile = JSON.parse(localStorage.getItem('faktura.profile') ?? '{}') as { token: { cryptogram: string } };
      profile.token.cryptogram = 'spoiled.token.value';
      localStorage.setItem('faktura.profile', JSON.stringify(profile));
    });
    const status = await page.evaluate(async () => {
      const { cryptogram } = (JSON.parse(localStorage.getItem('faktura.profile') ?? '{}') as { token: { cryptogram: string } }).token;
      const first = await fetch('/api/v1/company', { headers: { authorization: `Bearer ${cryptogram}` } });
      const refreshed = await fetch('/api/v1/login/refresh', { method: 'POST' });
      const body = (await refreshed.json()) as { data: { cryptogram: string } };
      const retry = await fetch('/api/v1/company', { headers: { authorization: `Bearer ${body.data.cryptogram}` } });
      return [first.status, refreshed.status, retry.status];
    });
    expect(status).toEqual([401, 200, 200]);
  });
});
