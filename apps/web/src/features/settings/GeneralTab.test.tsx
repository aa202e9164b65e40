import { screen, waitFor, within } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import { beforeEach, describe, expect, it } from 'vitest';
import { i18n } from '../../lib/i18n';
import { PROFILE_STORAGE_KEY } from '../../lib/profileStore';
import { callsTo, jsonResponse, stubApi } from '../../test/fakeApi';
import { renderApp } from '../../test/renderApp';
import { OPERATOR } from '../../test/samples/session';
import { ISSUER } from '../../test/samples/settings';

const ACCOUNT = { name: OPERATOR.name, email: OPERATOR.username, oib: null };
const accountApi = { 'GET /api/v1/account': () => jsonResponse(200, { data: ACCOUNT }) };
const form = (name: string) => screen.findByRole('form', { name });
const sentBody = (calls: ReturnType<typeof callsTo>) => JSON.parse(calls[0]?.[1]?.body as string) as unknown;

describe('Settings > General: company details', () => {
  beforeEach(() => notifications.clean());

  it('sends the edited company with PUT and confirms the save', async () => {
    const fetchMock = stubApi({
      ...accountApi,
      'GET /api/v1/settings/issuer': () => jsonResponse(200, { data: ISSUER }),
      'PUT /api/v1/settings/issuer': () =>
        jsonResponse(200, { data: { ...ISSUER, name: 'Kodni Obrt d.o.o.' } }),
    });
    const { user } = renderApp({ route: '/Settings', signedIn: true });
    const company = await form('Podaci o tvrtki');
    const name = within(company).getByRole('textbox', { name: 'Naziv tvrtke ili obrta' });
    expect(name).toHaveValue('Kodni Obrt Ivana Horvat');
    // Stored without spaces, shown in groups of four as banks print it.
    expect(within(company).getByRole('textbox', { name: 'IBAN' })).toHaveValue('HR60 2360 0001 1012 3456 7');
    expect(within(company).getByText('PDV identifikacijski broj: HR69814562369')).toBeInTheDocument();
    expect(screen.queryByText(/Podaci o tvrtki još nisu uneseni/)).not.toBeInTheDocument();

    await user.clear(name);
    await user.type(name, 'Kodni Obrt d.o.o.');
    await user.click(within(company).getByRole('switch', { name: 'U sustavu PDV-a' }));
    await user.click(within(company).getByRole('button', { name: 'Spremi' }));

    expect(await screen.findByText('Podaci o tvrtki su spremljeni')).toBeInTheDocument();
    expect(sentBody(callsTo(fetchMock, 'PUT /api/v1/settings/issuer'))).toEqual({
      name: 'Kodni Obrt d.o.o.',
      oib: '69814562369',
      address: {
        address1: 'Ilica 42',
        address2: null,
        city: 'Zagreb',
        zip: '10000',
        state: 'Grad Zagreb',
        countryCode: 'HR',
      },
      email: 'ivana@kodni-obrt.hr',
      phone: '+385 91 234 5678',
      iban: 'HR6023600001101234567',
      swift: 'ZABAHR2X',
      inVatSystem: true,
      defaultFootnote: null,
      footerText: null,
      defaultFootnoteEn: null,
      footerTextEn: null,
      einvoiceProfile: 'P1',
      flatRate: false,
    });
  });

  it('reads "TIN (OIB)" in English and saves the English footnote and footer', async () => {
    await i18n.changeLanguage('en');
    const fetchMock = stubApi({
      ...accountApi,
      'GET /api/v1/settings/issuer': () => jsonResponse(200, { data: ISSUER }),
      'PUT /api/v1/settings/issuer': () => jsonResponse(200, { data: ISSUER }),
    });
    const { user } = renderApp({ route: '/Settings', signedIn: true });
    const company = await form('Company details');
    expect(within(company).getByRole('textbox', { name: 'TIN (OIB)' })).toHaveValue('69814562369');
    expect(within(await form('Your account')).getByRole('textbox', { name: 'Your TIN (OIB)' })).toBeInTheDocument();
    await user.type(within(company).getByRole('textbox', { name: 'Default invoice footnote (English)' }), 'Thank you!');
    await user.type(within(company).getByRole('textbox', { name: 'Invoice footer (English)' }), 'Kodni Obrt, owner Ivana Horvat');
    await user.click(within(company).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(callsTo(fetchMock, 'PUT /api/v1/settings/issuer')).toHaveLength(1));
    expect(sentBody(callsTo(fetchMock, 'PUT /api/v1/settings/issuer'))).toMatchObject({
      defaultFootnote: null,
      defaultFootnoteEn: 'Thank you!',
      footerTextEn: 'Kodni Obrt, owner Ivana Horvat',
    });
  });

  it('explains the e-invoice business process and saves the one chosen', async () => {
    const fetchMock = stubApi({
      ...accountApi,
      'GET /api/v1/settings/issuer': () => jsonResponse(200, { data: ISSUER }),
      'PUT /api/v1/settings/issuer': () => jsonResponse(200, { data: { ...ISSUER, einvoiceProfile: 'P2' } }),
    });
    const { user } = renderApp({ route: '/Settings', signedIn: true });
    const company = await form('Podaci o tvrtki');
    const select = within(company).getByRole('textbox', { name: 'Poslovni proces e-računa' });
    expect(select).toHaveValue('P1 – Isporuke prema narudžbenicama na temelju ugovora');
    expect(select).toHaveAccessibleDescription(/ProfileID.*za svaku isporuku po narudžbi izdaje se račun/);

    await user.click(select);
    const options = screen.getAllByRole('option').map((option) => option.textContent);
    expect(options).toHaveLength(13);
    expect(options[0]).toBe('P1 – Isporuke prema narudžbenicama na temelju ugovora');
    expect(options).toContain('P12 – Samoizdavanje računa');
    expect(options.at(-1)).toBe('P99 – Poslovni proces koji definira kupac');
    await user.click(screen.getByRole('option', { name: 'P2 – Periodični računi na temelju ugovora' }));
    expect(select).toHaveAccessibleDescription(/po rasporedu iz ugovora/);

    await user.click(within(company).getByRole('button', { name: 'Spremi' }));
    expect(await screen.findByText('Podaci o tvrtki su spremljeni')).toBeInTheDocument();
    expect(sentBody(callsTo(fetchMock, 'PUT /api/v1/settings/issuer'))).toMatchObject({ einvoiceProfile: 'P2' });

    await user.click(screen.getByRole('radio', { name: 'EN' }));
    const english = within(await form('Company details')).getByRole('textbox', { name: 'E-invoice business process' });
    expect(english).toHaveValue('P2 – Periodic invoicing under a contract');
  });

  it('shows the saved VAT-system choice', async () => {
    stubApi({
      ...accountApi,
      'GET /api/v1/settings/issuer': () => jsonResponse(200, { data: { ...ISSUER, inVatSystem: true } }),
    });
    renderApp({ route: '/Settings', signedIn: true });
    const company = await form('Podaci o tvrtki');
    expect(within(company).getByRole('switch', { name: 'U sustavu PDV-a' })).toBeChecked();
  });

  it('saves the paušalni obrt switch, links to the KPR, and refuses it together with the VAT system', async () => {
    const fetchMock = stubApi({
      ...accountApi,
      'GET /api/v1/settings/issuer': () => jsonResponse(200, { data: { ...ISSUER, inVatSystem: true } }),
      'PUT /api/v1/settings/issuer': () => jsonResponse(200, { data: { ...ISSUER, flatRate: true } }),
    });
    const { user } = renderApp({ route: '/Settings', signedIn: true });
    const company = await form('Podaci o tvrtki');
    expect(within(company).getByRole('link', { name: 'Knjiga prometa (KPR) i PO-SD' })).toHaveAttribute('href', '/Reports/KPR');
    const flatRate = within(company).getByRole('switch', { name: 'Paušalni obrt' });
    expect(flatRate).not.toBeChecked();
    await user.click(flatRate);
    await user.click(within(company).getByRole('button', { name: 'Spremi' }));
    expect(await within(company).findByText(/Paušalni obrt ne može biti u sustavu PDV-a/)).toBeInTheDocument();
    expect(callsTo(fetchMock, 'PUT /api/v1/settings/issuer')).toHaveLength(0);

    await user.click(within(company).getByRole('switch', { name: 'U sustavu PDV-a' }));
    await user.click(within(company).getByRole('button', { name: 'Spremi' }));
    expect(await screen.findByText('Podaci o tvrtki su spremljeni')).toBeInTheDocument();
    expect(sentBody(callsTo(fetchMock, 'PUT /api/v1/settings/issuer'))).toMatchObject({ inVatSystem: false, flatRate: true });
    expect(within(company).getByRole('switch', { name: 'Paušalni obrt' })).toBeChecked();
  });

  it("shows the server's field error under the OIB", async () => {
    const reason = 'OIB nije ispravan (kontrolna znamenka ne odgovara)';
    stubApi({
      ...accountApi,
      'GET /api/v1/settings/issuer': () => jsonResponse(200, { data: ISSUER }),
      'PUT /api/v1/settings/issuer': () =>
        jsonResponse(400, { errors: [{ reason, code: 'validation', field: 'oib' }] }),
    });
    const { user } = renderApp({ route: '/Settings', signedIn: true });
    const company = await form('Podaci o tvrtki');
    await user.click(within(company).getByRole('button', { name: 'Spremi' }));

    const oib = within(company).getByRole('textbox', { name: 'OIB' });
    const shown = reason; // shown as it came: the server sends no label (issue 11), and the field has its own
    expect(await within(company).findByText(shown)).toBeInTheDocument();
    expect(oib).toHaveAttribute('aria-invalid', 'true');
    expect(oib).toHaveAccessibleDescription(expect.stringContaining(shown) as string);
  });

  it('explains that invoices need the details while none are entered, and starts in Croatia', async () => {
    const fetchMock = stubApi({
      ...accountApi,
      'GET /api/v1/settings/issuer': () => jsonResponse(200, { data: null }),
    });
    const { user } = renderApp({ route: '/Settings', signedIn: true });
    const company = await form('Podaci o tvrtki');
    expect(within(company).getByText(/Podaci o tvrtki još nisu uneseni/)).toBeInTheDocument();
    expect(within(company).getByRole('textbox', { name: 'Država' })).toHaveValue('Hrvatska (HR)');
    expect(
      within(company).getByText(/PDV nije obračunat temeljem čl\. 90\. st\. 1\. Zakona o PDV-u/),
    ).toBeInTheDocument();

    // The check digit is verified before anything is sent.
    await user.type(within(company).getByRole('textbox', { name: 'OIB' }), '12345678901');
    await user.click(within(company).getByRole('button', { name: 'Spremi' }));
    expect(
      await within(company).findByText('OIB nije ispravan (kontrolna znamenka ne odgovara)'),
    ).toBeInTheDocument();
    expect(within(company).getAllByText('Ovo polje je obavezno').length).toBeGreaterThan(0);
    expect(callsTo(fetchMock, 'PUT /api/v1/settings/issuer')).toHaveLength(0);
  });
});

describe('Settings > General: account and password', () => {
  beforeEach(() => notifications.clean());
  const issuerApi = { 'GET /api/v1/settings/issuer': () => jsonResponse(200, { data: ISSUER }) };

  it('asks for the full name while it is only derived from the e-mail, until one is saved', async () => {
    const derived = { name: 'Admin', email: 'admin@localhost', oib: null };
    stubApi({
      ...issuerApi,
      'GET /api/v1/account': () => jsonResponse(200, { data: derived }),
      'PUT /api/v1/account': () => jsonResponse(200, { data: { ...derived, name: 'Ana Horvat' } }),
    });
    const { user } = renderApp({ route: '/Settings', signedIn: true });
    const prompt = await screen.findByRole('alert', { name: 'Upišite svoje ime i prezime' });
    expect(prompt).toHaveTextContent('Sada piše „Admin”, izvedeno iz e-mail adrese.');
    await user.click(within(prompt).getByRole('button', { name: 'Upiši ime i prezime' }));
    const account = await form('Vaš korisnički račun');
    const name = within(account).getByRole('textbox', { name: 'Ime i prezime' });
    expect(name).toHaveFocus();
    await user.clear(name);
    await user.type(name, 'Ana Horvat');
    await user.click(within(account).getByRole('button', { name: 'Spremi' }));
    await waitFor(() => expect(screen.queryByRole('alert', { name: 'Upišite svoje ime i prezime' })).not.toBeInTheDocument());
  });

  it('asks in English too', async () => {
    await i18n.changeLanguage('en');
    stubApi({
      ...issuerApi,
      'GET /api/v1/account': () => jsonResponse(200, { data: { name: 'E2e', email: 'e2e@faktura.test', oib: null } }),
    });
    renderApp({ route: '/Settings', signedIn: true });
    const prompt = await screen.findByRole('alert', { name: 'Enter your full name' });
    expect(prompt).toHaveTextContent('It now reads "E2e", taken from your e-mail address.');
  });

  it('does not ask when the account has a full name', async () => {
    stubApi({ ...issuerApi, ...accountApi });
    renderApp({ route: '/Settings', signedIn: true });
    await form('Vaš korisnički račun');
    expect(screen.queryByRole('alert', { name: 'Upišite svoje ime i prezime' })).not.toBeInTheDocument();
  });

  it('saves a new name and shows it in the header at once', async () => {
    const fetchMock = stubApi({
      ...issuerApi,
      ...accountApi,
      'PUT /api/v1/account': () =>
        jsonResponse(200, { data: { name: 'Ana Horvat', email: 'ana@horvat.hr' } }),
    });
    const { user } = renderApp({ route: '/Settings', signedIn: true });
    const account = await form('Vaš korisnički račun');
    const name = within(account).getByRole('textbox', { name: 'Ime i prezime' });
    const email = within(account).getByRole('textbox', { name: 'E-mail' });
    await user.clear(name);
    await user.type(name, 'Ana Horvat');
    await user.clear(email);
    await user.type(email, 'ana@horvat.hr');
    await user.click(within(account).getByRole('button', { name: 'Spremi' }));

    expect(await screen.findByRole('button', { name: 'Ana Horvat' })).toBeInTheDocument();
    expect(screen.getByText('Korisnički račun je spremljen')).toBeInTheDocument();
    expect(sentBody(callsTo(fetchMock, 'PUT /api/v1/account'))).toEqual({
      name: 'Ana Horvat',
      email: 'ana@horvat.hr',
      oib: null,
    });
    expect(JSON.parse(localStorage.getItem(PROFILE_STORAGE_KEY) ?? 'null')).toMatchObject({
      name: 'Ana Horvat',
      username: 'ana@horvat.hr',
      token: OPERATOR.token,
    });
  });

  it("edits the operator's OIB, checking its check digit before sending", async () => {
    const fetchMock = stubApi({
      ...issuerApi,
      ...accountApi,
      'PUT /api/v1/account': () => jsonResponse(200, { data: { ...ACCOUNT, oib: '69814562369' } }),
    });
    const { user } = renderApp({ route: '/Settings', signedIn: true });
    const account = await form('Vaš korisnički račun');
    const oib = within(account).getByRole('textbox', { name: 'Vaš OIB' });
    expect(oib).toHaveValue('');
    // required for e-invoices, and asked for at the top while missing, as the full name is
    expect(oib).toHaveAccessibleDescription(/^Potreban za e-račune i fiskalizirane račune/);
    expect(screen.getByText(/^OIB operatera — potreban za e-račune i fiskalizirane račune/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Upiši OIB' }));
    expect(oib).toHaveFocus();

    await user.type(oib, '69814562360');
    await user.click(within(account).getByRole('button', { name: 'Spremi' }));
    expect(await within(account).findByText('OIB nije ispravan (kontrolna znamenka ne odgovara)')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'PUT /api/v1/account')).toHaveLength(0);

    await user.clear(oib);
    await user.type(oib, 'HR69814562369');
    await user.click(within(account).getByRole('button', { name: 'Spremi' }));
    expect(await screen.findByText('Korisnički račun je spremljen')).toBeInTheDocument();
    expect(sentBody(callsTo(fetchMock, 'PUT /api/v1/account'))).toEqual({ ...ACCOUNT, oib: '69814562369' });
    expect(oib).toHaveValue('69814562369');
    expect(screen.queryByText('Upišite svoj OIB')).not.toBeInTheDocument();
  });

  it('shows a saved OIB and clears it when emptied', async () => {
    const fetchMock = stubApi({
      ...issuerApi,
      'GET /api/v1/account': () => jsonResponse(200, { data: { ...ACCOUNT, oib: '69814562369' } }),
      'PUT /api/v1/account': () => jsonResponse(200, { data: ACCOUNT }),
    });
    const { user } = renderApp({ route: '/Settings', signedIn: true });
    const account = await form('Vaš korisnički račun');
    const oib = within(account).getByRole('textbox', { name: 'Vaš OIB' });
    expect(oib).toHaveValue('69814562369');
    await user.clear(oib);
    await user.click(within(account).getByRole('button', { name: 'Spremi' }));
    expect(await screen.findByText('Korisnički račun je spremljen')).toBeInTheDocument();
    expect(sentBody(callsTo(fetchMock, 'PUT /api/v1/account'))).toEqual({ ...ACCOUNT, oib: null });
  });

  it('shows an e-mail that another operator uses under the e-mail field', async () => {
    const reason = 'Operater s tom e-mail adresom već postoji';
    stubApi({
      ...issuerApi,
      ...accountApi,
      'PUT /api/v1/account': () =>
        jsonResponse(409, { errors: [{ reason, code: 'emailTaken', field: 'email' }] }),
    });
    const { user } = renderApp({ route: '/Settings', signedIn: true });
    const account = await form('Vaš korisnički račun');
    await user.click(within(account).getByRole('button', { name: 'Spremi' }));
    const shown = 'Operater s tom e-mail adresom već postoji'; // the label is not repeated under the field
    expect(await within(account).findByText(shown)).toBeInTheDocument();
    expect(within(account).getByRole('textbox', { name: 'E-mail' })).toHaveAccessibleDescription(shown);
    expect(screen.getByRole('button', { name: OPERATOR.name })).toBeInTheDocument();
  });

  it('refuses a repeated password that differs, and shows a wrong current password under its field', async () => {
    const fetchMock = stubApi({
      ...issuerApi,
      ...accountApi,
      'POST /api/v1/account/password': () =>
        jsonResponse(400, {
          errors: [{ reason: 'Trenutna lozinka nije točna', code: 'validation', field: 'currentPassword' }],
        }),
    });
    const { user } = renderApp({ route: '/Settings', signedIn: true });
    const password = await form('Promjena lozinke');
    const current = within(password).getByLabelText(/^Trenutna lozinka/);
    const next = within(password).getByLabelText(/^Nova lozinka/);
    const repeat = within(password).getByLabelText(/^Ponovite novu lozinku/);
    await user.type(current, 'stara-lozinka');
    await user.type(next, 'nova-lozinka-123');
    await user.type(repeat, 'nova-lozinka-124');
    await user.click(within(password).getByRole('button', { name: 'Promijeni lozinku' }));
    expect(await within(password).findByText('Lozinke se ne podudaraju')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST /api/v1/account/password')).toHaveLength(0);

    await user.clear(repeat);
    await user.type(repeat, 'nova-lozinka-123');
    await user.click(within(password).getByRole('button', { name: 'Promijeni lozinku' }));
    expect(await within(password).findByText('Trenutna lozinka nije točna')).toBeInTheDocument();
    expect(sentBody(callsTo(fetchMock, 'POST /api/v1/account/password'))).toEqual({
      currentPassword: 'stara-lozinka',
      newPassword: 'nova-lozinka-123',
    });
  });

  it('changes the password and empties the form', async () => {
    stubApi({
      ...issuerApi,
      ...accountApi,
      'POST /api/v1/account/password': () => jsonResponse(200, { data: { ok: true } }),
    });
    const { user } = renderApp({ route: '/Settings', signedIn: true });
    const password = await form('Promjena lozinke');
    await user.type(within(password).getByLabelText(/^Trenutna lozinka/), 'stara-lozinka');
    await user.type(within(password).getByLabelText(/^Nova lozinka/), 'nova-lozinka-123');
    await user.type(within(password).getByLabelText(/^Ponovite novu lozinku/), 'nova-lozinka-123');
    await user.click(within(password).getByRole('button', { name: 'Promijeni lozinku' }));
    expect(await screen.findByText('Lozinka je promijenjena')).toBeInTheDocument();
    expect(within(password).getByLabelText(/^Nova lozinka/)).toHaveValue('');
  });
});
