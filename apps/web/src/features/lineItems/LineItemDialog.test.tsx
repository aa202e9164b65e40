import { screen, waitFor, within } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { LineItem } from '@faktura/shared';
import { i18n } from '../../lib/i18n';
import { callsTo, jsonResponse, stubApi } from '../../test/fakeApi';
import { renderWithProviders } from '../../test/renderApp';
import { LineItemDialog, type LineItemDialogProps } from './LineItemDialog';

const SAVED: LineItem = {
  id: 7,
  nameHr: 'Programiranje',
  nameEn: 'Programming',
  unitPrice: 45.5,
  unitPriceCents: 4550,
  currency: { code: 'USD', symbol: '$' },
  currencyCode: 'USD',
  unit: 'SINGLE',
  kpdCode: '62.20.20',
};

function openDialog(props: Partial<LineItemDialogProps> = {}) {
  const onClose = vi.fn();
  const onSaved = vi.fn();
  const { user } = renderWithProviders(<LineItemDialog opened onClose={onClose} onSaved={onSaved} {...props} />);
  return { user, onClose, onSaved, dialog: screen.getByRole('dialog') };
}

const field = (name: string) => screen.getByRole('textbox', { name });
const sentBody = (calls: ReturnType<typeof callsTo>) => JSON.parse(calls[0]?.[1]?.body as string) as unknown;

describe('LineItemDialog', () => {
  // Mantine keeps toasts in a module-level store that outlives each rendered app.
  beforeEach(() => notifications.clean());

  it('creates a new item with HOURLY and EUR by default and posts unitPrice and the currency code', async () => {
    const fetchMock = stubApi({
      'POST /api/v1/lineItem': () => jsonResponse(201, { data: { ...SAVED, id: 12 } }),
    });
    const { user, onSaved, onClose, dialog } = openDialog();
    expect(within(dialog).getByRole('heading', { name: 'Nova stavka' })).toBeInTheDocument();
    expect(field('Jedinica')).toHaveValue('sat (h)');
    expect(field('Valuta')).toHaveValue('EUR (€)');

    await user.type(field('Naziv (hrvatski)'), 'Programiranje');
    await user.type(field('Jedinična cijena'), '45,5');
    await user.click(screen.getByRole('button', { name: 'Stvori novu' }));

    expect(await screen.findByText('Stavka je spremljena')).toBeInTheDocument();
    expect(sentBody(callsTo(fetchMock, 'POST /api/v1/lineItem'))).toEqual({
      nameHr: 'Programiranje',
      nameEn: null,
      unitPrice: 45.5,
      unit: 'HOURLY',
      currency: 'EUR',
      currencyCode: 'EUR',
      kpdCode: null,
    });
    expect(onSaved).toHaveBeenCalledWith(expect.objectContaining({ id: 12 }));
    expect(onClose).toHaveBeenCalled();
  });

  it('reads the price as typed, once: thousands grouped, a third decimal refused', async () => {
    const fetchMock = stubApi({
      'POST /api/v1/lineItem': () => jsonResponse(201, { data: { ...SAVED, id: 12 } }),
    });
    const { user } = openDialog();
    await user.type(field('Naziv (hrvatski)'), 'Programiranje');
    await user.type(field('Jedinična cijena'), '12,345');
    await user.click(screen.getByRole('button', { name: 'Stvori novu' }));
    expect(await screen.findByText('Iznos smije imati najviše dvije decimale')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST /api/v1/lineItem')).toHaveLength(0);

    await user.clear(field('Jedinična cijena'));
    await user.type(field('Jedinična cijena'), '1.234,56');
    await user.click(screen.getByRole('button', { name: 'Stvori novu' }));
    expect(await screen.findByText('Stavka je spremljena')).toBeInTheDocument();
    expect(sentBody(callsTo(fetchMock, 'POST /api/v1/lineItem'))).toMatchObject({ unitPrice: 1234.56 });
  });

  it("edits an existing item in its own currency and unit, with 'Ažuriraj postojeću'", async () => {
    const fetchMock = stubApi({ 'PUT /api/v1/lineItem/7': () => jsonResponse(200, { data: SAVED }) });
    const { user, dialog } = openDialog({ item: SAVED });
    expect(within(dialog).getByRole('heading', { name: 'Uredi stavku' })).toBeInTheDocument();
    expect(field('Valuta')).toHaveValue('USD ($)');
    expect(field('Jedinica')).toHaveValue('komad (kom)');
    expect(field('Jedinična cijena')).toHaveValue('45,5');
    expect(screen.queryByRole('button', { name: 'Stvori novu' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Ažuriraj postojeću' }));
    expect(await screen.findByText('Stavka je spremljena')).toBeInTheDocument();
    expect(sentBody(callsTo(fetchMock, 'PUT /api/v1/lineItem/7'))).toMatchObject({
      unitPrice: 45.5,
      currency: 'USD',
      unit: 'SINGLE',
    });
  });

  it('reads "create new" for a prototype without an id and offers only EUR and USD', async () => {
    const { user } = openDialog({ item: { nameHr: 'Konzultacije' } });
    expect(screen.getByRole('button', { name: 'Stvori novu' })).toBeInTheDocument();
    await user.click(field('Valuta'));
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual(['EUR (€)', 'USD ($)']);
  });

  it('explains a name shorter than 4 characters and a price of 0, in Croatian and in English', async () => {
    const fetchMock = stubApi({});
    const { user } = openDialog();
    await user.type(field('Naziv (hrvatski)'), 'abc');
    await user.type(field('Jedinična cijena'), '0');
    await user.click(screen.getByRole('button', { name: 'Stvori novu' }));

    expect(await screen.findByText('Najmanji broj znakova: 4')).toBeInTheDocument();
    expect(screen.getByText('Vrijednost mora biti veća od 0')).toBeInTheDocument();
    expect(field('Naziv (hrvatski)')).toHaveAccessibleDescription('Najmanji broj znakova: 4');
    expect(fetchMock).not.toHaveBeenCalled();

    // The messages follow a language switch without submitting again.
    await i18n.changeLanguage('en');
    expect(await screen.findByText('Minimal length required: 4 characters')).toBeInTheDocument();
    expect(screen.getByText('The value must be greater than 0')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'create new' })).toBeInTheDocument();
  });

  it('says an empty Croatian name is required before it says how short it is, in both languages', async () => {
    const fetchMock = stubApi({});
    const { user } = openDialog();
    await user.type(field('Jedinična cijena'), '10');
    await user.click(screen.getByRole('button', { name: 'Stvori novu' }));
    await waitFor(() => expect(field('Naziv (hrvatski)')).toHaveAccessibleDescription('Ovo polje je obavezno'));
    expect(screen.queryByText('Najmanji broj znakova: 4')).not.toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
    await i18n.changeLanguage('en');
    await waitFor(() => expect(field('Name (Croatian)')).toHaveAccessibleDescription('This field is required'));
  });

  it('requires the English name only when told to', async () => {
    const fetchMock = stubApi({ 'POST /api/v1/lineItem': () => jsonResponse(201, { data: SAVED }) });
    const { user } = openDialog({ requireEnglish: true });
    await user.type(field('Naziv (hrvatski)'), 'Programiranje');
    await user.type(field('Jedinična cijena'), '10');
    await user.click(screen.getByRole('button', { name: 'Stvori novu' }));
    expect(await screen.findByText('Ovo polje je obavezno')).toBeInTheDocument();
    expect(field('Naziv (engleski)')).toHaveAccessibleDescription('Ovo polje je obavezno');
    expect(fetchMock).not.toHaveBeenCalled();

    await user.type(field('Naziv (engleski)'), 'Programming');
    await user.click(screen.getByRole('button', { name: 'Stvori novu' }));
    expect(await screen.findByText('Stavka je spremljena')).toBeInTheDocument();
    expect(sentBody(callsTo(fetchMock, 'POST /api/v1/lineItem'))).toMatchObject({ nameEn: 'Programming' });
  });

  it('does not ask for the English name of an HRK item, which only Croatian invoices use', async () => {
    const hrk = {
      ...SAVED,
      id: 3,
      nameEn: null,
      currencyCode: 'HRK',
      currency: { code: 'HRK', symbol: 'kn' },
    };
    const fetchMock = stubApi({ 'PUT /api/v1/lineItem/3': () => jsonResponse(200, { data: hrk }) });
    const { user } = openDialog({ item: hrk, requireEnglish: true });
    expect(field('Valuta')).toHaveValue('HRK (kn)');
    await user.click(screen.getByRole('button', { name: 'Ažuriraj postojeću' }));
    expect(await screen.findByText('Stavka je spremljena')).toBeInTheDocument();
    expect(sentBody(callsTo(fetchMock, 'PUT /api/v1/lineItem/3'))).toMatchObject({
      nameEn: null,
      currency: 'HRK',
    });
  });

  it('does not ask for the English name without requireEnglish', async () => {
    const fetchMock = stubApi({ 'POST /api/v1/lineItem': () => jsonResponse(201, { data: SAVED }) });
    const { user } = openDialog();
    await user.type(field('Naziv (hrvatski)'), 'Programiranje');
    await user.type(field('Jedinična cijena'), '10');
    await user.click(screen.getByRole('button', { name: 'Stvori novu' }));
    expect(await screen.findByText('Stavka je spremljena')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST /api/v1/lineItem')).toHaveLength(1);
  });

  it('asks before closing; keeping on editing keeps what was typed', async () => {
    const { user, onClose } = openDialog();
    await user.type(field('Naziv (hrvatski)'), 'Dizajn');

    await user.keyboard('{Escape}');
    const confirm = screen.getByRole('dialog', { name: 'Zatvoriti bez spremanja?' });
    await user.click(within(confirm).getByRole('button', { name: 'Nastavi uređivati' }));
    expect(screen.queryByRole('dialog', { name: 'Zatvoriti bez spremanja?' })).not.toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
    expect(field('Naziv (hrvatski)')).toHaveValue('Dizajn');

    await user.click(screen.getByRole('button', { name: 'Odustani' }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Zatvoriti bez spremanja?' })).getByRole('button', {
        name: 'Zatvori',
      }),
    );
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('finds a KPD code by words of its name and sends the code', async () => {
    const fetchMock = stubApi({
      'GET /api/v1/kpd?q=savjetovanja%20softver&lang=hr': () =>
        jsonResponse(200, { data: [{ code: '62.20.20', name: 'Usluge savjetovanja o sustavima i softveru' }] }),
      'POST /api/v1/lineItem': () => jsonResponse(201, { data: { ...SAVED, id: 12 } }),
    });
    const { user } = openDialog();
    const kpd = field('KPD šifra');
    expect(kpd).toHaveValue('');
    expect(kpd).toHaveAccessibleDescription(/KPD 2025/);

    await user.type(kpd, 'savjetovanja softver');
    const option = await screen.findByRole('option', {
      name: '62.20.20 — Usluge savjetovanja o sustavima i softveru',
    });
    await user.click(option);
    expect(kpd).toHaveValue('62.20.20 — Usluge savjetovanja o sustavima i softveru');
    // the search waited for the typing to pause: one request for the whole query
    expect(fetchMock.mock.calls.map(([url]) => url as string).filter((url) => url.startsWith('/api/v1/kpd'))).toEqual([
      '/api/v1/kpd?q=savjetovanja%20softver&lang=hr',
    ]);

    await user.type(field('Naziv (hrvatski)'), 'Savjetovanje');
    await user.type(field('Jedinična cijena'), '60');
    await user.click(screen.getByRole('button', { name: 'Stvori novu' }));
    expect(await screen.findByText('Stavka je spremljena')).toBeInTheDocument();
    expect(sentBody(callsTo(fetchMock, 'POST /api/v1/lineItem'))).toMatchObject({ kpdCode: '62.20.20' });
  });

  it("shows an item's code with its name, searches by code, and clears the code", async () => {
    const fetchMock = stubApi({
      'GET /api/v1/kpd?q=62.20.20&limit=1&lang=hr': () =>
        jsonResponse(200, { data: [{ code: '62.20.20', name: 'Usluge savjetovanja o sustavima i softveru' }] }),
      'GET /api/v1/kpd?q=62.10&lang=hr': () =>
        jsonResponse(200, {
          data: [
            { code: '62.10.11', name: 'Usluge IT dizajna i razvoja aplikacija' },
            { code: '62.10.12', name: 'Usluge IT dizajna i razvoja mreža i sustava' },
          ],
        }),
      'PUT /api/v1/lineItem/7': () => jsonResponse(200, { data: SAVED }),
    });
    const { user } = openDialog({ item: SAVED });
    const kpd = field('KPD šifra');
    await waitFor(() => expect(kpd).toHaveValue('62.20.20 — Usluge savjetovanja o sustavima i softveru'));

    await user.clear(kpd);
    await user.type(kpd, '62.10');
    await user.click(await screen.findByRole('option', { name: '62.10.12 — Usluge IT dizajna i razvoja mreža i sustava' }));
    await user.click(screen.getByRole('button', { name: 'Ažuriraj postojeću' }));
    expect(await screen.findByText('Stavka je spremljena')).toBeInTheDocument();
    expect(sentBody(callsTo(fetchMock, 'PUT /api/v1/lineItem/7'))).toMatchObject({ kpdCode: '62.10.12' });
  });

  it('says when no KPD code matches, in the language of the screen', async () => {
    // the search names its language, so the English screen asks again (issue 11)
    stubApi({
      'GET /api/v1/kpd?q=xyz&lang=hr': () => jsonResponse(200, { data: [] }),
      'GET /api/v1/kpd?q=xyz&lang=en': () => jsonResponse(200, { data: [] }),
    });
    const { user } = openDialog();
    await user.click(field('KPD šifra'));
    expect(await screen.findByText('Upišite šifru (npr. 62.20) ili riječi iz naziva')).toBeInTheDocument();
    await user.type(field('KPD šifra'), 'xyz');
    expect(await screen.findByText('Nema šifre KPD 2025 za taj upit')).toBeInTheDocument();
    await i18n.changeLanguage('en');
    expect(await screen.findByText('No KPD 2025 code matches')).toBeInTheDocument();
  });

  it('shows the server refusing a KPD code under the picker', async () => {
    // a reason with a colon of its own, which the web's old label-stripping heuristic cut short
    const reason = 'Šifra nije u popisu KPD 2025: unesite šifru sa šest znamenki u obliku NN.NN.NN, npr. 62.20.20';
    stubApi({
      'GET /api/v1/kpd?q=62.20.20&limit=1&lang=hr': () => jsonResponse(200, { data: [] }),
      'PUT /api/v1/lineItem/7': () => jsonResponse(400, { errors: [{ reason, code: 'validation', field: 'kpdCode' }] }),
    });
    const { user } = openDialog({ item: SAVED });
    await user.click(screen.getByRole('button', { name: 'Ažuriraj postojeću' }));
    expect(await screen.findByText(reason)).toBeInTheDocument();
    expect(field('KPD šifra')).toHaveAttribute('aria-invalid', 'true');
  });

  it('shows a field error from the server under its field', async () => {
    stubApi({
      'POST /api/v1/lineItem': () =>
        jsonResponse(400, {
          errors: [{ reason: 'Valuta nije podržana', code: 'validation', field: 'currency' }],
        }),
    });
    const { user, onClose } = openDialog();
    await user.type(field('Naziv (hrvatski)'), 'Programiranje');
    await user.type(field('Jedinična cijena'), '10');
    await user.click(screen.getByRole('button', { name: 'Stvori novu' }));
    // under the field the label is not repeated
    expect(await screen.findByText('Valuta nije podržana')).toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
  });
});
