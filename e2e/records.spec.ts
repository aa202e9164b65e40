import { type Locator, type Page, expect } from '@playwright/test';
import { formatDate } from '@faktura/shared';
import { chooseLanguage, signIn, HR_MONTHS_GENITIVE, pick, test, toast } from './support';

/**
 * Journeys through the record screens: addresses, clients with contracts, the line-item catalogue,
 * the issuer profile, POS and the JOPPD label, in Croatian (the default) and once in English.
 * The server is shared by every spec file and starts with the demo data, so whatever a journey
 * creates carries a unique suffix.
 */

/** A short suffix that differs between tests and runs ("lx3k9a"). */
function unique(): string {
  return `${Date.now().toString(36).slice(-5)}${Math.floor(Math.random() * 1296).toString(36)}`;
}

/** Full-page screenshot for review; animations are finished first, so dialogs are not half faded. */
async function screenshot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: `test-results/screens/${name}.png`, fullPage: true, animations: 'disabled' });
}

/** Closes a toast by its close button (two saves in a row say the same "… je spremljena"). */
async function dismiss(alert: Locator): Promise<void> {
  await expect(alert).toBeVisible();
  await alert.getByRole('button').click();
  await expect(alert).toBeHidden();
}

/** The JOPPD label of a calendar day: two digits of the year, then the day of the year in three. */
function expectedJoppd(year: number, month: number, day: number): string {
  const dayOfYear = (Date.UTC(year, month - 1, day) - Date.UTC(year, 0, 1)) / 86_400_000 + 1;
  return `${String(year % 100).padStart(2, '0')}${String(dayOfYear).padStart(3, '0')}`;
}

test.beforeEach(async ({ page }) => {
  await page.goto('/');
  await signIn(page);
});

test.describe.serial('an address, a client living there, and the address it cannot lose', () => {
  let street = '';
  let clientName = '';
  let clientEmail = '';

  test.beforeAll(() => {
    const suffix = unique();
    street = `Testna ulica ${suffix}`;
    clientName = `Testni Klijent ${suffix} d.o.o.`;
    clientEmail = `racuni-${suffix}@klijent.test`;
  });

  test('create an address with a country picked by its Croatian name, then change its city', async ({
    page,
  }) => {
    await page.getByRole('navigation').getByRole('link', { name: 'Adrese' }).click();
    await expect(page).toHaveURL(/\/Address$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Adrese' })).toBeVisible();
    const table = page.getByRole('table', { name: 'Popis adresa' });
    await expect(table.getByRole('row').filter({ hasText: 'Ilica 42' })).toBeVisible();

    await page.getByRole('button', { name: 'Nova adresa' }).click();
    const dialog = page.getByRole('dialog', { name: 'Nova adresa' });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('textbox', { name: 'Adresa', exact: true }).fill(street);
    await dialog.getByRole('textbox', { name: 'Poštanski broj' }).fill('10000');
    await dialog.getByRole('textbox', { name: 'Grad' }).fill('Zagreb');
    // a part of the Croatian name, in lower case, filters the list
    await pick(page, dialog.getByRole('textbox', { name: 'Država', exact: true }), 'Hrvatska (HR)', 'hrvats');
    await screenshot(page, 'address-dialog-hr');
    await dialog.getByRole('button', { name: 'Spremi' }).click();

    await dismiss(toast(page, 'Adresa je spremljena'));
    await expect(dialog).toBeHidden();
    const row = table.getByRole('row').filter({ hasText: street });
    await expect(row.getByRole('cell')).toHaveText([
      /^\d+$/,
      street,
      '—',
      'Zagreb',
      '10000',
      '—',
      'Hrvatska',
      '',
    ]);
    await screenshot(page, 'address-table-hr');

    // edit: the dialog opens with the saved values, the new city shows in the row
    await row.getByRole('button', { name: `Uredi adresu ${street}` }).click();
    const edit = page.getByRole('dialog', { name: 'Uredi adresu' });
    await expect(edit.getByRole('textbox', { name: 'Adresa', exact: true })).toHaveValue(street);
    await expect(edit.getByRole('textbox', { name: 'Država', exact: true })).toHaveValue('Hrvatska (HR)');
    await edit.getByRole('textbox', { name: 'Grad' }).fill('Velika Gorica');
    await edit.getByRole('button', { name: 'Spremi' }).click();
    await expect(toast(page, 'Adresa je spremljena')).toBeVisible();
    await expect(edit).toBeHidden();
    await expect(row.getByRole('cell').nth(3)).toHaveText('Velika Gorica');
    await expect(row.getByRole('cell').nth(6)).toHaveText('Hrvatska');
  });

  test('create a client on that address with a 30-day contract, then edit it and add a rent contract', async ({
    page,
  }) => {
    await page.getByRole('navigation').getByRole('link', { name: 'Klijenti' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Klijenti' })).toBeVisible();
    const table = page.getByRole('table', { name: 'Popis klijenata' });
    await expect(table.getByRole('row').filter({ hasText: 'Jadranski Softver d.o.o.' })).toBeVisible();
    await screenshot(page, 'clients-table-hr');

    await page.getByRole('button', { name: 'Novi klijent' }).click();
    const dialog = page.getByRole('dialog', { name: 'Novi klijent' });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('textbox', { name: 'Naziv' }).fill(clientName);
    await dialog.getByRole('textbox', { name: 'OIB' }).fill('12345678903');
    const address = dialog.getByRole('group', { name: 'Adresa' });
    // a new address is typed in by default; ticking the box swaps that for a picker
    await expect(address.getByRole('textbox', { name: 'Grad' })).toBeVisible();
    await address.getByRole('checkbox', { name: 'Koristi postojeću adresu' }).check();
    await expect(address.getByRole('textbox', { name: 'Grad' })).toHaveCount(0);
    await pick(
      page,
      address.getByRole('textbox', { name: 'Adresa', exact: true }),
      `${street}, 10000 Velika Gorica (HR)`,
      street,
    );
    await dialog.getByRole('textbox', { name: 'E-mail' }).fill(clientEmail);

    const contracts = dialog.getByRole('group', { name: 'Ugovori' });
    await expect(contracts.getByText('Nema ugovora.')).toBeVisible();
    await contracts.getByRole('button', { name: 'Dodaj stavku' }).click();
    const first = contracts.getByRole('group', { name: 'Ugovor 1' });
    await expect(first.getByRole('textbox', { name: 'Vrsta' })).toHaveValue('Ugovor o djelu (SOW)');
    await expect(first.getByRole('textbox', { name: 'Dani do dospijeća' })).toHaveValue('15');
    await first.getByRole('textbox', { name: 'Dani do dospijeća' }).fill('30');
    await screenshot(page, 'client-create-dialog-hr');
    await dialog.getByRole('button', { name: 'Spremi' }).click();

    await dismiss(toast(page, 'Klijent je spremljen'));
    await expect(dialog).toBeHidden();
    const row = table.getByRole('row').filter({ hasText: clientName });
    await expect(row.getByRole('cell')).toHaveText([
      /^\d+$/,
      clientName,
      `${street}, 10000 Velika Gorica`,
      'Hrvatska',
      clientEmail,
      // a Croatian client's tax number is named as its OIB (issue 31)
      'OIB 12345678903',
      '',
    ]);

    // edit: a new e-mail and a second contract (rent)
    const newEmail = clientEmail.replace('racuni-', 'financije-');
    await row.getByRole('button', { name: `Uredi klijenta ${clientName}` }).click();
    const edit = page.getByRole('dialog', { name: 'Uredi klijenta' });
    await expect(edit.getByRole('textbox', { name: 'E-mail' })).toHaveValue(clientEmail);
    await edit.getByRole('textbox', { name: 'E-mail' }).fill(newEmail);
    const editContracts = edit.getByRole('group', { name: 'Ugovori' });
    await editContracts.getByRole('button', { name: 'Dodaj stavku' }).click();
    await pick(
      page,
      editContracts.getByRole('group', { name: 'Ugovor 2' }).getByRole('textbox', { name: 'Vrsta' }),
      'Najam (RENT)',
    );
    await edit.getByRole('button', { name: 'Spremi' }).click();
    await expect(toast(page, 'Klijent je spremljen')).toBeVisible();
    await expect(edit).toBeHidden();
    await expect(row.getByRole('cell').nth(4)).toHaveText(newEmail);

    // reopen: both contracts came back from the server; name and address cannot be changed
    await row.getByRole('button', { name: `Uredi klijenta ${clientName}` }).click();
    await expect(edit).toBeVisible();
    const name = edit.getByRole('textbox', { name: 'Naziv' });
    await expect(name).toHaveValue(clientName);
    await expect(name).not.toBeEditable();
    const addressField = edit.getByRole('textbox', { name: 'Adresa', exact: true });
    await expect(addressField).toHaveValue(`${street}, 10000 Velika Gorica, Hrvatska`);
    await expect(addressField).not.toBeEditable();
    await expect(edit.getByRole('textbox', { name: 'E-mail' })).toHaveValue(newEmail);
    await expect(edit.getByRole('textbox', { name: 'E-mail' })).toBeEditable();
    await expect(edit.getByRole('textbox', { name: 'OIB' })).toHaveValue('12345678903');
    const sow = edit.getByRole('group', { name: 'Ugovor 1' });
    await expect(sow.getByRole('textbox', { name: 'Vrsta' })).toHaveValue('Ugovor o djelu (SOW)');
    await expect(sow.getByRole('textbox', { name: 'Dani do dospijeća' })).toHaveValue('30');
    const rent = edit.getByRole('group', { name: 'Ugovor 2' });
    await expect(rent.getByRole('textbox', { name: 'Vrsta' })).toHaveValue('Najam (RENT)');
    await expect(rent.getByRole('textbox', { name: 'Dani do dospijeća' })).toHaveValue('15');
    await expect(edit.getByRole('group', { name: 'Ugovor 3' })).toHaveCount(0);
    await screenshot(page, 'client-edit-dialog-hr');
    await edit.getByRole('button', { name: 'Odustani' }).click();
    await expect(edit).toBeHidden();
  });

  test('deleting the address the client uses is refused with the client named', async ({ page }) => {
    await page.goto('/Address');
    const row = page
      .getByRole('table', { name: 'Popis adresa' })
      .getByRole('row')
      .filter({ hasText: street });
    await row.getByRole('button', { name: `Obriši adresu ${street}` }).click();

    const confirm = page.getByRole('dialog', { name: 'Obrisati adresu?' });
    await expect(confirm).toContainText('Adresa će biti trajno obrisana:');
    await expect(confirm).toContainText(`${street}, 10000 Velika Gorica, Hrvatska`);
    // focus starts on Cancel, so Enter right after opening cannot delete
    await expect(confirm.getByRole('button', { name: 'Odustani' })).toBeFocused();
    await confirm.getByRole('button', { name: 'Obriši' }).click();

    const refusal = toast(page, 'Brisanje adrese nije uspjelo');
    await expect(refusal).toBeVisible();
    await expect(refusal).toContainText(`Adresu nije moguće obrisati jer je koristi klijent: ${clientName}`);
    await expect(confirm).toBeHidden();
    await expect(row).toBeVisible();
    await page.reload();
    await expect(row).toBeVisible();
  });
});

test('a new Croatian client with a wrong OIB is refused under the OIB field and nothing is created', async ({
  page,
}) => {
  const suffix = unique();
  const name = `Neispravni OIB ${suffix} j.d.o.o.`;
  const street = `Krivi put ${suffix}`;
  await page.goto('/Clients');
  await page.getByRole('button', { name: 'Novi klijent' }).click();
  const dialog = page.getByRole('dialog', { name: 'Novi klijent' });
  await dialog.getByRole('textbox', { name: 'Naziv' }).fill(name);
  const oib = dialog.getByRole('textbox', { name: 'OIB' });
  await oib.fill('12345678900');
  const address = dialog.getByRole('group', { name: 'Adresa' });
  await address.getByRole('textbox', { name: 'Adresa', exact: true }).fill(street);
  await address.getByRole('textbox', { name: 'Poštanski broj' }).fill('21000');
  await address.getByRole('textbox', { name: 'Grad' }).fill('Split');
  await pick(
    page,
    address.getByRole('textbox', { name: 'Država', exact: true }),
    'Hrvatska (HR)',
    'Hrvatska',
  );
  await dialog.getByRole('textbox', { name: 'E-mail' }).fill(`ured-${suffix}@klijent.test`);
  await dialog.getByRole('button', { name: 'Spremi' }).click();

  // the server's reason sits under the input it names, without repeating the label
  await expect(oib).toHaveAttribute('aria-invalid', 'true');
  await expect(oib).toHaveAccessibleDescription('OIB nije ispravan (kontrolna znamenka ne odgovara)');
  await expect(oib).toBeFocused();
  await expect(dialog).toBeVisible();
  await expect(toast(page, 'Nije moguće stvoriti klijenta!')).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Odustani' }).click();
  await expect(dialog).toBeHidden();

  // neither the client nor the typed-in address exists
  await page.reload();
  const clients = page.getByRole('table', { name: 'Popis klijenata' });
  await expect(clients.getByRole('row').filter({ hasText: 'Jadranski Softver d.o.o.' })).toBeVisible();
  await expect(clients.getByRole('row').filter({ hasText: name })).toHaveCount(0);
  await page.goto('/Address');
  const addresses = page.getByRole('table', { name: 'Popis adresa' });
  await expect(addresses.getByRole('row').filter({ hasText: 'Ilica 42' })).toBeVisible();
  await expect(addresses.getByRole('row').filter({ hasText: street })).toHaveCount(0);
});

test('the line-item catalogue: create, change the currency, delete; closing the dialog asks first', async ({
  page,
}) => {
  const suffix = unique();
  const nameHr = `Testna usluga ${suffix}`;
  const nameEn = `Test service ${suffix}`;
  await page.goto('/Settings');
  await page.getByRole('tab', { name: 'Stavke' }).click();
  await expect(page).toHaveURL(/\/Settings\?tab=lineItems$/);
  const list = page.getByRole('list', { name: 'Popis stavki' });
  await expect(list.getByRole('article', { name: 'Razvoj softvera', exact: true })).toContainText('45,00 €');
  await screenshot(page, 'settings-line-items-hr');

  // create
  await page.getByRole('button', { name: 'Nova stavka' }).click();
  const dialog = page.getByRole('dialog', { name: 'Nova stavka' });
  await expect(dialog.getByRole('textbox', { name: 'Valuta' })).toHaveValue('EUR (€)');
  await expect(dialog.getByRole('textbox', { name: 'Jedinica' })).toHaveValue('sat (h)');
  await dialog.getByRole('textbox', { name: 'Naziv (hrvatski)' }).fill(nameHr);
  await dialog.getByRole('textbox', { name: 'Naziv (engleski)' }).fill(nameEn);
  await dialog.getByRole('textbox', { name: 'Jedinična cijena' }).pressSequentially('45,50');
  await pick(page, dialog.getByRole('textbox', { name: 'Jedinica' }), 'komad (kom)');
  await screenshot(page, 'line-item-dialog-hr');
  await dialog.getByRole('button', { name: 'Stvori novu' }).click();
  await dismiss(toast(page, 'Stavka je spremljena'));
  await expect(dialog).toBeHidden();
  const card = list.getByRole('article', { name: nameHr, exact: true });
  await expect(card.getByRole('heading', { level: 3 })).toHaveText(nameHr);
  await expect(card).toContainText(`Naziv (engleski): ${nameEn}`);
  await expect(card.getByText('45,50 €', { exact: true })).toBeVisible();
  await expect(card).toContainText('Jedinica: komad');

  // edit: the dialog says it updates, and the price now shows in dollars
  await card.getByRole('button', { name: `Uredi stavku ${nameHr}` }).click();
  const edit = page.getByRole('dialog', { name: 'Uredi stavku' });
  await expect(edit.getByRole('textbox', { name: 'Jedinična cijena' })).toHaveValue('45,5');
  await pick(page, edit.getByRole('textbox', { name: 'Valuta' }), 'USD ($)');
  await edit.getByRole('button', { name: 'Ažuriraj postojeću' }).click();
  await expect(toast(page, 'Stavka je spremljena')).toBeVisible();
  await expect(edit).toBeHidden();
  await expect(card.getByText('45,50 $', { exact: true })).toBeVisible();
  await expect(card.getByText('45,50 €', { exact: true })).toHaveCount(0);

  // closing with Cancel or Escape asks first; "keep editing" keeps what was typed
  await page.getByRole('button', { name: 'Nova stavka' }).click();
  const draftName = `Nedovršena ${suffix}`;
  await dialog.getByRole('textbox', { name: 'Naziv (hrvatski)' }).fill(draftName);
  await dialog.getByRole('button', { name: 'Odustani' }).click();
  const question = page.getByRole('dialog', { name: 'Zatvoriti bez spremanja?' });
  await expect(question).toContainText('Uneseni podaci neće biti spremljeni.');
  await question.getByRole('button', { name: 'Nastavi uređivati' }).click();
  await expect(question).toBeHidden();
  await expect(dialog.getByRole('textbox', { name: 'Naziv (hrvatski)' })).toHaveValue(draftName);
  // the close button in the header (it has no accessible name of its own) asks as well
  await dialog.getByRole('banner').getByRole('button').click();
  await expect(question).toBeVisible();
  await question.getByRole('button', { name: 'Nastavi uređivati' }).click();
  await expect(question).toBeHidden();
  await page.keyboard.press('Escape');
  await expect(question).toBeVisible();
  await question.getByRole('button', { name: 'Zatvori', exact: true }).click();
  await expect(question).toBeHidden();
  await expect(dialog).toBeHidden();
  await expect(list.getByRole('article', { name: draftName })).toHaveCount(0);

  // delete, after confirming
  await card.getByRole('button', { name: `Obriši stavku ${nameHr}` }).click();
  const confirm = page.getByRole('dialog', { name: 'Obrisati stavku?' });
  await expect(confirm).toContainText(nameHr);
  await confirm.getByRole('button', { name: 'Obriši' }).click();
  await expect(toast(page, 'Stavka je obrisana')).toBeVisible();
  await expect(card).toHaveCount(0);
  await page.reload();
  await expect(list.getByRole('article', { name: 'Razvoj softvera', exact: true })).toBeVisible();
  await expect(list.getByRole('article', { name: nameHr, exact: true })).toHaveCount(0);
});

/** The issuer as the server has it, read with the signed-in page's own token. */
type StoredIssuer = {
  name: string;
  oib: string;
  address: {
    address1: string;
    address2: string | null;
    city: string;
    zip: string;
    state: string | null;
    countryCode: string;
  };
  email: string | null;
  phone: string | null;
  iban: string | null;
  swift: string | null;
  inVatSystem: boolean;
  defaultFootnote: string | null;
  footerText: string | null;
  defaultFootnoteEn: string | null;
  footerTextEn: string | null;
};

async function issuerApi(page: Page, save?: StoredIssuer): Promise<StoredIssuer> {
  return page.evaluate(async (body) => {
    const profile = JSON.parse(localStorage.getItem('faktura.profile') ?? '{}') as {
      token: { cryptogram: string };
    };
    const response = await fetch('/api/v1/settings/issuer', {
      method: body ? 'PUT' : 'GET',
      headers: { authorization: `Bearer ${profile.token.cryptogram}`, 'content-type': 'application/json' },
      body: body ? JSON.stringify(body) : null,
    });
    if (!response.ok) throw new Error(`issuer: HTTP ${response.status}`);
    return ((await response.json()) as { data: StoredIssuer }).data;
  }, save);
}

/** What PUT /settings/issuer takes, from what GET gave: puts the shared server's issuer back. */
function issuerBody(issuer: StoredIssuer): StoredIssuer {
  const { address } = issuer;
  return {
    name: issuer.name,
    oib: issuer.oib,
    address: {
      address1: address.address1,
      address2: address.address2,
      city: address.city,
      zip: address.zip,
      state: address.state,
      countryCode: address.countryCode,
    },
    email: issuer.email,
    phone: issuer.phone,
    iban: issuer.iban,
    swift: issuer.swift,
    inVatSystem: issuer.inVatSystem,
    defaultFootnote: issuer.defaultFootnote,
    footerText: issuer.footerText,
    defaultFootnoteEn: issuer.defaultFootnoteEn,
    footerTextEn: issuer.footerTextEn,
  };
}

test('the issuer profile keeps a new name across a reload, saves the VAT choice, refuses a bad IBAN', async ({
  page,
}) => {
  await page.goto('/Settings');
  await expect(page.getByRole('tab', { name: 'Općenito', selected: true })).toBeVisible();
  const form = page.getByRole('form', { name: 'Podaci o tvrtki' });
  const name = form.getByRole('textbox', { name: 'Naziv tvrtke ili obrta' });
  const vat = form.getByRole('switch', { name: 'U sustavu PDV-a' });
  const iban = form.getByRole('textbox', { name: 'IBAN' });
  const save = form.getByRole('button', { name: 'Spremi' });
  const original = await issuerApi(page);
  await expect(name).toHaveValue(original.name);
  await expect(form.getByText(`PDV identifikacijski broj: HR${original.oib}`)).toBeVisible();
  await screenshot(page, 'settings-general-hr');

  try {
    const newName = `Kodni Obrt ${unique()}`;
    await name.fill(newName);
    await vat.click();
    const vatShown = await vat.isChecked();
    await save.click();
    await expect(toast(page, 'Podaci o tvrtki su spremljeni')).toBeVisible();
    // what was on screen when saving is what the server keeps
    expect(await issuerApi(page)).toMatchObject({ name: newName, inVatSystem: vatShown });
    await page.reload();
    await expect(name).toHaveValue(newName);
    // (the switch itself is checked after the reload in the next test, which fails for a known bug)

    // an invalid IBAN: the reason under the field, nothing saved
    const savedIban = await iban.inputValue();
    await iban.fill('HR12 3456 7890 1234 5678 9');
    await save.click();
    await expect(iban).toHaveAttribute('aria-invalid', 'true');
    await expect(iban).toHaveAccessibleDescription('IBAN nije ispravan');
    await expect(toast(page, 'Podaci o tvrtki su spremljeni')).toHaveCount(0);
    await page.reload();
    await expect(iban).toHaveValue(savedIban);
    await expect(iban).toHaveAttribute('aria-invalid', 'false');

    // the POS tab, while here
    await page.getByRole('tab', { name: 'Naplatni uređaj' }).click();
    const pos = page.getByRole('form', { name: 'Naplatni uređaj' });
    await expect(pos.getByRole('textbox', { name: 'Oznaka poslovnog prostora' })).not.toHaveValue('');
    await expect(pos.getByRole('status')).toHaveText(/^Sljedeći broj računa: \d+\/[A-Z0-9]+\/\d+$/);
    await screenshot(page, 'settings-pos-hr');
  } finally {
    await issuerApi(page, issuerBody(original));
  }
});

test('the VAT switch shows the saved choice after a reload', async ({ page }) => {
  await page.goto('/Settings');
  const form = page.getByRole('form', { name: 'Podaci o tvrtki' });
  const vat = form.getByRole('switch', { name: 'U sustavu PDV-a' });
  const original = await issuerApi(page);
  await expect(form.getByRole('textbox', { name: 'Naziv tvrtke ili obrta' })).toHaveValue(original.name);
  try {
    for (const wanted of [true, false]) {
      await vat.setChecked(wanted);
      await form.getByRole('button', { name: 'Spremi' }).click();
      await expect(toast(page, 'Podaci o tvrtki su spremljeni')).toBeVisible();
      await page.reload();
      await expect(vat).toBeChecked({ checked: wanted });
    }
  } finally {
    await issuerApi(page, issuerBody(original));
  }
});

test('the JOPPD label of a day picked in the calendar, reached from Settings', async ({ page }) => {
  const today = new Date();
  const year = today.getFullYear();
  const month = today.getMonth() + 1;
  // the 1st of this month, or the 2nd when today is the 1st, so the label visibly changes
  const day = today.getDate() === 1 ? 2 : 1;
  const iso = `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
  const todayIso = `${year}-${String(month).padStart(2, '0')}-${String(today.getDate()).padStart(2, '0')}`;

  await page.goto('/Settings');
  await page.getByRole('link', { name: 'JOPPD broj' }).click();
  await expect(page).toHaveURL(/\/Tools\/Joppd$/);
  await expect(page.getByRole('heading', { level: 1, name: 'JOPPD broj' })).toBeVisible();
  const picker = page.getByRole('button', { name: 'Datum' });
  const label = page.getByRole('main').getByRole('status');
  // the picker shows its day as Croatian writes dates, "2. 3. 2026."
  await expect(picker).toHaveText(formatDate(todayIso, 'hr'));
  await expect(label).toHaveText(expectedJoppd(year, month, today.getDate()));

  await picker.click();
  const calendar = page.getByRole('dialog');
  await calendar
    .getByRole('button', { name: `${day} ${HR_MONTHS_GENITIVE[month - 1]} ${year}`, exact: true })
    .click();
  await expect(calendar).toBeHidden();
  await expect(picker).toHaveText(formatDate(iso, 'hr'));
  await expect(label).toHaveText(expectedJoppd(year, month, day));
  await expect(
    page.getByText(`Oznaka izvješća za ${formatDate(iso, 'hr')}`, { exact: true }),
  ).toBeVisible();
  await screenshot(page, 'joppd-hr');
});

test('in English: TIN (OIB) in the client dialogs, English country names, every record screen', async ({
  page,
}) => {
  test.setTimeout(60_000);
  await chooseLanguage(page, 'EN');
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  const nav = page.getByRole('navigation');

  // addresses: the country column and the picker speak English
  await nav.getByRole('link', { name: 'Addresses' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Addresses' })).toBeVisible();
  const addresses = page.getByRole('table', { name: 'Address list' });
  await expect(
    addresses.getByRole('row').filter({ hasText: 'Ilica 42' }).getByRole('cell').nth(6),
  ).toHaveText('Croatia');
  await expect(
    addresses.getByRole('row').filter({ hasText: 'Friedrichstraße 100' }).getByRole('cell').nth(6),
  ).toHaveText('Germany');
  await expect(addresses.getByRole('cell', { name: 'Hrvatska' })).toHaveCount(0);
  await screenshot(page, 'address-table-en');
  await page.getByRole('button', { name: 'New address' }).click();
  const addressDialog = page.getByRole('dialog', { name: 'New address' });
  await pick(
    page,
    addressDialog.getByRole('textbox', { name: 'Country', exact: true }),
    'Croatia (HR)',
    'croat',
  );
  await screenshot(page, 'address-dialog-en');
  await addressDialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(addressDialog).toBeHidden();

  // clients: a Croatian client's tax number is its TIN (OIB), so named in the tax number column
  await nav.getByRole('link', { name: 'Clients' }).click();
  const clients = page.getByRole('table', { name: 'Client list' });
  const jadranski = clients.getByRole('row').filter({ hasText: 'Jadranski Softver d.o.o.' });
  await expect(jadranski.getByRole('cell').nth(3)).toHaveText('Croatia');
  await expect(jadranski.getByRole('cell').nth(5)).toHaveText('TIN (OIB) 33914072203');
  await expect(page.getByRole('columnheader', { name: 'Tax number' })).toBeVisible();
  await screenshot(page, 'clients-table-en');
  await page.getByRole('button', { name: 'New client' }).click();
  const create = page.getByRole('dialog', { name: 'New client' });
  await expect(create.getByRole('textbox', { name: 'TIN (OIB)' })).toBeVisible();
  await expect(create.getByRole('textbox', { name: 'OIB', exact: true })).toHaveCount(0);
  await expect(create.getByRole('checkbox', { name: 'Use existing address' })).not.toBeChecked();
  await create.getByRole('button', { name: 'Add item' }).click();
  await expect(
    create.getByRole('group', { name: 'Contract 1' }).getByRole('textbox', { name: 'Type' }),
  ).toHaveValue('Statement of work (SOW)');
  // back to the top of the dialog (adding the row scrolled it), so the shot shows the TIN field
  await create.evaluate((dialog) => dialog.scrollTo({ top: 0 }));
  await screenshot(page, 'client-create-dialog-en');
  await create.getByRole('button', { name: 'Cancel' }).click();
  await expect(create).toBeHidden();
  await jadranski.getByRole('button', { name: 'Edit client Jadranski Softver d.o.o.' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit client' });
  await expect(edit.getByRole('textbox', { name: 'TIN (OIB)' })).toHaveValue('33914072203');
  await expect(edit.getByRole('textbox', { name: 'Address', exact: true })).toHaveValue(
    'Obala kneza Branimira 12, 21000 Split, Splitsko-dalmatinska, Croatia',
  );
  await expect(
    edit.getByRole('group', { name: 'Contract 2' }).getByRole('textbox', { name: 'Type' }),
  ).toHaveValue('Rent (RENT)');
  await screenshot(page, 'client-edit-dialog-en');
  await edit.getByRole('button', { name: 'Cancel' }).click();
  await expect(edit).toBeHidden();

  // settings: general, line items (and their dialog), POS
  await nav.getByRole('link', { name: 'Settings' }).click();
  const issuer = page.getByRole('form', { name: 'Company details' });
  await expect(issuer.getByRole('textbox', { name: 'Company or trade name' })).not.toHaveValue('');
  await expect(issuer.getByRole('textbox', { name: 'Country', exact: true })).toHaveValue('Croatia (HR)');
  await expect(issuer.getByRole('switch', { name: 'In the VAT system' })).toBeVisible();
  await screenshot(page, 'settings-general-en');
  await page.getByRole('tab', { name: 'Line items' }).click();
  const items = page.getByRole('list', { name: 'Line items' });
  await expect(items.getByRole('article', { name: 'Razvoj softvera', exact: true })).toContainText('€45.00');
  await screenshot(page, 'settings-line-items-en');
  await page.getByRole('button', { name: 'New line item' }).click();
  const itemDialog = page.getByRole('dialog', { name: 'New line item' });
  await expect(itemDialog.getByRole('textbox', { name: 'Unit', exact: true })).toHaveValue('hourly rate (h)');
  await expect(itemDialog.getByRole('button', { name: 'create new' })).toBeVisible();
  await screenshot(page, 'line-item-dialog-en');
  await itemDialog.getByRole('button', { name: 'Cancel' }).click();
  await page
    .getByRole('dialog', { name: 'Close without saving?' })
    .getByRole('button', { name: 'Close', exact: true })
    .click();
  await expect(itemDialog).toBeHidden();
  await page.getByRole('tab', { name: 'POS' }).click();
  await expect(page.getByRole('form', { name: 'POS' }).getByRole('status')).toHaveText(
    /^Next invoice number: \d+\/[A-Z0-9]+\/\d+$/,
  );
  await screenshot(page, 'settings-pos-en');

  // JOPPD, with the English calendar
  await page.getByRole('link', { name: 'JOPPD number' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'JOPPD number' })).toBeVisible();
  const today = new Date();
  const day = today.getDate() === 1 ? 2 : 1;
  const monthName = new Intl.DateTimeFormat('en-GB', { month: 'long' }).format(today);
  await page.getByRole('button', { name: 'Date' }).click();
  await page
    .getByRole('dialog')
    .getByRole('button', { name: `${day} ${monthName} ${today.getFullYear()}`, exact: true })
    .click();
  await expect(page.getByRole('main').getByRole('status')).toHaveText(
    expectedJoppd(today.getFullYear(), today.getMonth() + 1, day),
  );
  const picked = `${today.getFullYear()}-${String(today.getMonth() + 1).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
  await expect(page.getByText(`Report label for ${formatDate(picked, 'en')}`, { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Date' })).toHaveText(formatDate(picked, 'en'));
  await screenshot(page, 'joppd-en');
});
