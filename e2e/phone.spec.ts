import { type Locator, type Page, expect as baseExpect } from '@playwright/test';
import { E2E_USER, chooseLanguage, test } from './support';

/**
 * The app on a phone (390 × 844), in Croatian and in English (issue 12, item 9): the invoice list,
 * a New invoice with several lines, the print preview and every dialog of an invoice, then the other
 * screens. On each: the page never scrolls sideways, and the buttons a user needs are on the screen
 * and really pressed. The invoice issued here is deleted at the end (it is the newest of its
 * sequence), so the other journeys sharing the server see the numbers they expect.
 */

test.describe.configure({ timeout: 180_000 });
test.use({ viewport: { width: 390, height: 844 }, hasTouch: true });
const expect = baseExpect.configure({ timeout: 15_000 });

const TEXT = {
  hr: {
    nav: 'Prikaži ili sakrij navigaciju',
    invoices: 'Računi',
    dashboard: 'Nadzorna ploča',
    clients: 'Klijenti',
    addresses: 'Adrese',
    settings: 'Postavke',
    newInvoice: 'Novi račun',
    form: 'Račun',
    client: 'Klijent',
    catalogue: 'Stavka iz kataloga',
    addItem: 'Dodaj stavku',
    newItem: 'Nova stavka',
    closeConfirm: 'Zatvori',
    items: ['Razvoj', 'Savjetovanje', 'Održavanje'],
    line: (n: number) => `Stavka ${n}`,
    issue: 'Izdaj račun',
    issuedToast: /Uspjeh! Broj: (\d+\/POSL1\/1)/,
    preview: (n: string) => `Pregled računa ${n}`,
    previewTitle: (n: string) => `Pregled računa ${n}`,
    linesTable: 'Stavke računa',
    closePreview: 'Zatvori pregled',
    credit: (n: string) => `Odobrenje / storno računa ${n}`,
    creditCancel: 'Odustani',
    email: (n: string) => `Pošalji račun ${n} e-poštom`,
    emailTitle: (n: string) => `Slanje računa ${n}`,
    emailCancel: 'Odustani',
    edit: (n: string) => `Uredi račun ${n}`,
    markCleared: 'Zabilježi plaćanje',
    clearTitle: (n: string) => `Plaćanje računa ${n}`,
    cancel: 'Odustani',
    del: (n: string) => `Obriši račun ${n}`,
    deleteTitle: 'Obrisati račun?',
    deleteConfirm: 'Obriši',
  },
  en: {
    nav: 'Show or hide navigation',
    invoices: 'Invoices',
    dashboard: 'Dashboard',
    clients: 'Clients',
    addresses: 'Addresses',
    settings: 'Settings',
    newInvoice: 'New invoice',
    form: 'Invoice',
    client: 'Client',
    catalogue: 'Catalogue item',
    addItem: 'Add item',
    newItem: 'Create new item',
    closeConfirm: 'Close',
    items: ['Software development', 'Consulting', 'Website maintenance'],
    line: (n: number) => `Line ${n}`,
    issue: 'Issue invoice',
    issuedToast: /Success! Number: (\d+\/POSL1\/1)/,
    preview: (n: string) => `Preview invoice ${n}`,
    previewTitle: (n: string) => `Preview of invoice ${n}`,
    // the sheet speaks the invoice's language: Croatian for a Croatian client
    linesTable: 'Stavke računa',
    closePreview: 'Close preview',
    credit: (n: string) => `Credit note / storno for invoice ${n}`,
    creditCancel: 'Cancel',
    email: (n: string) => `Send invoice ${n} by e-mail`,
    emailTitle: (n: string) => `Send invoice ${n}`,
    emailCancel: 'Cancel',
    edit: (n: string) => `Edit invoice ${n}`,
    markCleared: 'Record payment',
    clearTitle: (n: string) => `Payment of invoice ${n}`,
    cancel: 'Cancel',
    del: (n: string) => `Delete invoice ${n}`,
    deleteTitle: 'Delete invoice?',
    deleteConfirm: 'Delete',
  },
} as const;

/** Signs in through the login form; hashing the password may take a while on a busy machine. */
async function signIn(page: Page): Promise<void> {
  await page.getByLabel(/^(E-mail)/).fill(E2E_USER.email);
  await page.getByLabel(/^(Lozinka|Password)/).fill(E2E_USER.password);
  await page.getByRole('button', { name: /^(Prijava|Log in)$/ }).click();
  await expect(page.getByRole('button', { name: TEXT.hr.nav })).toBeVisible({ timeout: 45_000 });
}

/** The page itself never scrolls sideways; wide content scrolls inside its own box. */
async function expectNoSideways(page: Page): Promise<void> {
  const overflow = () =>
    page.evaluate(() => {
      const width = window.innerWidth;
      const beyond = Array.from(document.querySelectorAll('body *'))
        .filter((element) => element.getBoundingClientRect().right > width + 0.5)
        .slice(-3)
        .map((element) => `${element.tagName.toLowerCase()}.${Array.from(element.classList).join('.')}`);
      return { sideways: document.documentElement.scrollWidth - width, beyond };
    });
  try {
    await expect.poll(async () => (await overflow()).sideways).toBeLessThanOrEqual(0);
  } catch (error) {
    // name what sticks out, to tell which part to fix
    throw new Error(`the page scrolls sideways: ${JSON.stringify(await overflow())}`, { cause: error });
  }
}

/** A button a user presses: wholly on the screen (not cut off at an edge), then pressed. */
async function press(target: Locator): Promise<void> {
  await target.scrollIntoViewIfNeeded();
  await expect(target).toBeInViewport({ ratio: 1 });
  await target.click();
}

async function shot(page: Page, name: string): Promise<void> {
  // a full-page capture keeps the viewport's scroll position: the sticky action bars are shown in
  // their place in the form, where a user scrolling down meets them
  await page.screenshot({
    path: `test-results/phone/${name}.png`,
    fullPage: true,
    animations: 'disabled',
    style: '.fk-action-bar { position: static !important; }',
  });
}

/** Every toast closed, so the next screenshot shows the screen itself. */
async function closeToasts(page: Page): Promise<void> {
  const toasts = page.locator('.mantine-Notifications-root').getByRole('alert');
  for (const toast of await toasts.all()) await toast.getByRole('button').click();
  await expect(toasts).toHaveCount(0);
}

/** Opens the burger menu and follows a navigation link; the drawer closes again. */
async function navigate(page: Page, burger: string, link: string): Promise<void> {
  await press(page.getByRole('button', { name: burger }));
  const nav = page.getByRole('navigation');
  await press(nav.getByRole('link', { name: link, exact: true }));
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await expect(nav.getByRole('link', { name: link, exact: true })).not.toBeInViewport();
}

for (const language of ['hr', 'en'] as const) {
  test(`on a phone (${language}): list, New invoice with three lines, preview and every dialog, the other screens`, async ({
    page,
  }) => {
    const L = TEXT[language];
    await page.goto('/');
    await signIn(page);
    if (language === 'en') await chooseLanguage(page, 'EN');
    await expectNoSideways(page);

    // the navigation is behind the burger
    await navigate(page, L.nav, L.invoices);
    await expect(page.getByRole('heading', { level: 1, name: L.invoices })).toBeVisible();
    await expectNoSideways(page);
    await press(page.getByRole('link', { name: L.newInvoice }).first());

    // a New invoice with three catalogue lines
    const form = page.getByRole('form', { name: L.form });
    await expect(form).toBeVisible();
    const client = form.getByRole('textbox', { name: L.client, exact: true });
    await press(client);
    await client.fill('Jadranski');
    await page.getByRole('option', { name: 'Jadranski Softver d.o.o.' }).click();
    const catalogue = form.getByRole('textbox', { name: L.catalogue, exact: true });
    for (const item of L.items) {
      await press(catalogue);
      await catalogue.fill(item);
      await page.getByRole('option', { name: new RegExp(`^${item}.*€`) }).click();
      await press(form.getByRole('button', { name: L.addItem }));
    }
    await expect(form.getByRole('group', { name: /^(Stavka|Line) \d+$/ })).toHaveCount(3);
    await expectNoSideways(page);
    // every line's inputs and remove button are on the screen, none cut off
    for (const n of [1, 2, 3]) {
      const line = form.getByRole('group', { name: L.line(n) });
      await line.scrollIntoViewIfNeeded();
      for (const control of await line.getByRole('textbox').all())
        await expect(control).toBeInViewport({ ratio: 1 });
      await expect(line.getByRole('button')).toBeInViewport({ ratio: 1 });
    }
    await page.evaluate(() => window.scrollTo(0, 0));
    await shot(page, `new-invoice-${language}`);

    // the quick-add of a catalogue item opens as a dialog and closes again
    await press(form.getByRole('button', { name: L.newItem }));
    const itemDialog = page.getByRole('dialog').first();
    await expect(itemDialog).toBeVisible();
    await expectNoSideways(page);
    await shot(page, `new-item-dialog-${language}`);
    await press(itemDialog.getByRole('button', { name: L.cancel }));
    await press(page.getByRole('dialog').getByRole('button', { name: L.closeConfirm, exact: true }));
    await expect(page.getByRole('dialog')).toHaveCount(0);

    // the issue button is at hand at the bottom of the screen, without scrolling to the end
    await page.evaluate(() => window.scrollTo(0, 0));
    const issue = form.getByRole('button', { name: L.issue });
    await expect(issue).toBeInViewport({ ratio: 1 });
    await issue.click();
    const issued = page
      .locator('.mantine-Notifications-root')
      .getByRole('alert')
      .filter({ hasText: L.issuedToast });
    await expect(issued).toBeVisible();
    const number = L.issuedToast.exec((await issued.textContent()) ?? '')?.[1] ?? '';
    expect(number).not.toBe('');
    await closeToasts(page);

    // the list as cards: each invoice's buttons on the screen
    await expect(page.getByRole('heading', { level: 1, name: L.invoices })).toBeVisible();
    await expect(page.getByRole('table')).toHaveCount(0);
    const card = page.getByRole('listitem').filter({ hasText: number });
    await expect(card).toContainText('Jadranski Softver d.o.o.');
    await expectNoSideways(page);
    await shot(page, `list-${language}`);

    // the print preview fills the screen with the whole A4 sheet shrunk to its width: the lines'
    // amounts are on the screen without scrolling sideways (issue 31), and the page does not scroll
    await press(card.getByRole('button', { name: L.preview(number) }));
    const preview = page.getByRole('dialog', { name: L.previewTitle(number) });
    await expect(preview.getByText('Jadranski Softver d.o.o.').first()).toBeVisible();
    const amountHeader = preview.getByRole('table', { name: L.linesTable }).getByRole('columnheader').last();
    await expect.poll(async () => {
      const box = await amountHeader.boundingBox();
      return box ? box.x + box.width : Number.POSITIVE_INFINITY;
    }).toBeLessThanOrEqual(390);
    await expectNoSideways(page);
    await shot(page, `preview-${language}`);
    await press(preview.getByRole('button', { name: L.closePreview }));
    await expect(preview).toBeHidden();

    // the credit note dialog
    await press(card.getByRole('button', { name: L.credit(number) }));
    const credit = page.getByRole('dialog', { name: new RegExp(L.credit(number).replace(/[/]/g, '\\/')) });
    await expect(credit).toBeVisible();
    await expectNoSideways(page);
    await shot(page, `credit-note-${language}`);
    await press(credit.getByRole('form').getByRole('button', { name: L.creditCancel, exact: true }));
    await expect(credit).toBeHidden();

    // the e-mail dialog
    await press(card.getByRole('button', { name: L.email(number) }));
    const email = page.getByRole('dialog', { name: L.emailTitle(number) });
    await expect(email).toBeVisible();
    await expectNoSideways(page);
    await shot(page, `send-email-${language}`);
    await press(email.getByRole('form').getByRole('button', { name: L.emailCancel, exact: true }));
    await expect(email).toBeHidden();

    // the invoice's page and its payment dialog
    await press(card.getByRole('link', { name: L.edit(number) }));
    await expect(
      page.getByRole('table', { name: /^(Povijest promjena računa|The invoice's history of changes)$/ }),
    ).toBeVisible();
    await expectNoSideways(page);
    await shot(page, `edit-${language}`);
    await press(page.getByRole('button', { name: L.markCleared }));
    const clear = page.getByRole('dialog', { name: L.clearTitle(number) });
    await expect(clear).toBeVisible();
    await expectNoSideways(page);
    await shot(page, `clear-${language}`);
    await press(clear.getByRole('button', { name: L.cancel, exact: true }));
    await expect(clear).toBeHidden();

    // delete from the list: the confirmation, then really deleted (it is the newest)
    await navigate(page, L.nav, L.invoices);
    await press(card.getByRole('button', { name: L.del(number) }));
    const confirm = page.getByRole('dialog', { name: L.deleteTitle });
    await expect(confirm).toContainText(number);
    await expectNoSideways(page);
    await shot(page, `delete-${language}`);
    await press(confirm.getByRole('button', { name: L.deleteConfirm, exact: true }));
    await expect(card).toHaveCount(0);
    await closeToasts(page);

    // the other screens
    for (const [link, name] of [
      [L.dashboard, 'dashboard'],
      [L.clients, 'clients'],
      [L.addresses, 'addresses'],
      [L.settings, 'settings'],
    ] as const) {
      await navigate(page, L.nav, link);
      await expectNoSideways(page);
      await shot(page, `${name}-${language}`);
    }
    // the records' row buttons stay on the screen while their table scrolls sideways
    await navigate(page, L.nav, L.clients);
    const edit = page.getByRole('button', { name: /^(Uredi klijenta|Edit client) / }).first();
    await expect(edit).toBeInViewport({ ratio: 1 });
  });
}
