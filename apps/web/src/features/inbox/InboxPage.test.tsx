import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type ImportAnswer, type ReceivedDocument, type ReceivedFiscalization, type ReceivedListResponse, type ReceivedListRow, formatMoney } from '@faktura/shared';
import { i18n } from '../../lib/i18n';
import { jsonResponse } from '../../test/fakeApi';
import { renderApp } from '../../test/renderApp';
import { decimalFor } from './format';

const ROW: ReceivedListRow = {
  id: 7,
  documentType: 'INVOICE',
  typeCode: '380',
  number: '17-P1-1',
  supplierName: 'Dobavljač d.o.o.',
  supplierOib: '12345678903',
  issueDate: '2026-03-02',
  dueDate: '2026-04-01',
  currency: 'EUR',
  totalCents: 125000,
  vatCents: 25000,
  payableCents: 125000,
  paidCents: 0,
  state: 'RECEIVED',
  fiscalStatus: 'PENDING',
  fiscalDeadline: '2999-03-09',
  validation: 'VALID',
  flags: [],
  source: 'IMPORT',
  receivedAt: '2026-03-02T09:00:00.000Z',
};
const CREDIT: ReceivedListRow = {
  ...ROW,
  id: 8,
  documentType: 'CREDIT_NOTE',
  typeCode: '381',
  number: 'OD-3',
  supplierName: 'Other Supplier GmbH',
  supplierOib: null,
  totalCents: -10000,
  fiscalStatus: 'FAILED',
  validation: 'INVALID',
  flags: ['otherRecipient'],
};
const listOf = (rows: ReceivedListRow[]): ReceivedListResponse => ({
  data: rows,
  filters: [{ key: 'year', facets: [{ value: '2026', isSelected: false }] }],
  page: { page: 1, pageSize: 50, total: rows.length },
});

const DOCUMENT: ReceivedDocument = {
  ...ROW,
  issueTime: '12:30:00',
  supplier: {
    name: 'Dobavljač d.o.o.',
    oib: '12345678903',
    vatId: 'HR12345678903',
    endpoint: '9934:12345678903',
    address: { street: 'Ulica 1', city: 'Zagreb', postcode: '10000', country: 'HR' },
    email: null,
    phone: null,
  },
  buyer: {
    name: 'Kupac d.o.o.',
    oib: '98765432106',
    vatId: 'HR98765432106',
    endpoint: '9934:98765432106',
    address: { street: 'Trg 2', city: 'Split', postcode: '21000', country: 'HR' },
    email: null,
    phone: null,
  },
  supplierContact: { id: '12345678903', name: 'Ana Anić' },
  lines: [
    { id: '1', name: 'Održavanje', description: null, quantity: '2', unitCode: 'H87', price: '500.00', netCents: 100000, vatCategory: 'S', vatRate: 25, kpd: '62.02.30', note: null },
  ],
  vatBreakdown: [{ category: 'S', rate: 25, baseCents: 100000, vatCents: 25000, exemptionReason: null }],
  totals: { lineExtensionCents: 100000, taxExclusiveCents: 100000, allowanceCents: 0, chargeCents: 0, prepaidCents: 0, roundingCents: 0 },
  payment: { meansCode: '30', iban: 'HR1210010051863000160', bic: null, accountName: null, paymentId: 'HR00 17-P1-1', model: 'HR00', reference: '17-P1-1', terms: null },
  deliveryDate: '2026-03-01',
  period: null,
  notes: ['Hvala na povjerenju'],
  buyerReference: null,
  orderReference: 'N-44',
  contractReference: null,
  billingReferences: [],
  attachments: [{ index: 0, id: 'PDF', fileName: '17-P1-1.pdf', mimeCode: 'application/pdf', description: null, byteSize: 1000 }],
  sha256: 'ab'.repeat(32),
  byteSize: 10240,
  validationReport: { status: 'VALID', xsd: [], en16931: [], hrCius: [], checkedAt: '2026-03-02T09:00:01.000Z' },
  providerDocumentId: null,
  retainedUntil: '2037-12-31',
  payments: [],
  supplierCompanyId: null,
  rejection: null,
};

/** A fake API: the list answers by its query; the rest by "METHOD /path". */
function stub(list: (query: URLSearchParams) => ReceivedListResponse, handlers: Record<string, (init: RequestInit) => Response> = {}) {
  const fetchMock = vi.fn((input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = input as string;
    const method = init.method ?? 'GET';
    const [path, search] = url.split('?');
    if (method === 'GET' && path === '/api/v1/inbox') return Promise.resolve(jsonResponse(200, list(new URLSearchParams(search ?? ''))));
    const handler = handlers[`${method} ${url}`];
    return Promise.resolve(handler ? handler(init) : jsonResponse(404, { errors: [{ reason: 'Nema', code: 'routeNotFound' }] }));
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

afterEach(() => void i18n.changeLanguage('hr'));

describe('Inbox', () => {
  it('lists received invoices with supplier, dates, state, fiscalization deadline and amount, and filters by the address', async () => {
    const queries: URLSearchParams[] = [];
    stub((query) => {
      queries.push(query);
      return listOf(query.get('state') === 'REJECTED' ? [] : [ROW, CREDIT]);
    });
    const { user } = renderApp({ route: '/Inbox', signedIn: true });
    const table = await screen.findByRole('table', { name: 'Primljeni računi' });
    const rows = within(table).getAllByRole('row').slice(1).map((row) => row.textContent.replace(/\u00a0/g, ' '));
    expect(rows[0]).toContain('17-P1-1');
    expect(rows[0]).toContain('Dobavljač d.o.o.OIB 12345678903');
    expect(rows[0]).toContain('2. 3. 2026.');
    expect(rows[0]).toContain('Zaprimljen');
    expect(rows[0]).toContain('Fiskalizirati do 9. 3. 2999.');
    expect(rows[0]).toContain('1.250,00 €');
    expect(rows[1]).toContain('Odobrenje');
    // a received credit note reads negative, as Faktura's own credit notes do
    expect(rows[1]).toContain(formatMoney(-CREDIT.totalCents, 'EUR', 'hr').replace(/\u00a0/g, ' '));
    expect(rows[1]).toContain('Fiskalizacija odbijena');
    expect(rows[1]).toContain('Ima pogrešaka');
    expect(rows[1]).toContain('Naslovljen na drugi OIB');
    expect(within(table).getByRole('link', { name: '17-P1-1' })).toHaveAttribute('href', '/Inbox/7');

    await user.selectOptions(screen.getByRole('combobox', { name: 'Stanje' }), 'REJECTED');
    expect(await screen.findByText('Nijedan primljeni račun ne odgovara odabiru.')).toBeVisible();
    expect(screen.getByRole('status', { name: 'address' })).toHaveTextContent('/Inbox?state=REJECTED');
    expect(queries.at(-1)?.get('state')).toBe('REJECTED');
  });

  it('fetches from the intermediary: says what was taken, and names what was not with its reason', async () => {
    const fetchMock = stub(() => listOf([ROW]), {
      'GET /api/v1/inbox/attention': () =>
        jsonResponse(200, { data: { late: 0, dueSoon: 0, nextDeadline: null, refused: 0, fetch: { lastAttemptAt: '2026-03-02T08:45:00.000Z', lastOkAt: null, problem: 'Posrednik je odbio upit za primljene račune: Username or password is not correct' } } }),
      'POST /api/v1/inbox/fetch': () =>
        jsonResponse(200, { data: { ok: false, listed: 3, fetched: 1, alreadyHere: 1, failed: 1, reason: 'Nije preuzeto dokumenata: 1 (pokušat će se ponovno u sljedećem preuzimanju): 9-P1-1: HTTP 500', fetchedAt: '2026-03-02T09:00:00.000Z' } }),
    });
    const { user } = renderApp({ route: '/Inbox', signedIn: true });
    await screen.findByRole('table', { name: 'Primljeni računi' });
    // the last scheduled round failed: said above the list, with the intermediary's words
    expect(await screen.findByText('Zadnje preuzimanje od posrednika (2. 3. 2026. 09:45) nije uspjelo')).toBeVisible();
    expect(screen.getByText(/Username or password is not correct/)).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Preuzmi od posrednika' }));
    expect(await screen.findByText('Posrednik je naveo 3: novih 1, već zaprimljenih 1, nepreuzetih 1')).toBeVisible();
    expect(screen.getByText('Neki primljeni računi nisu preuzeti')).toBeVisible();
    expect(screen.getByText(/9-P1-1: HTTP 500/)).toBeVisible();
    expect(fetchMock.mock.calls.some(([url, init]) => url === '/api/v1/inbox/fetch' && init?.method === 'POST')).toBe(true);
  });

  it('says what to do when nothing was received yet', async () => {
    stub(() => listOf([]));
    renderApp({ route: '/Inbox', signedIn: true });
    expect(await screen.findByText(/Još nema primljenih računa\. Uvezite XML/)).toBeVisible();
  });

  it('imports several files as one multipart request and shows each file’s outcome with its reason', async () => {
    const answerOf: ImportAnswer = {
      imported: 1,
      duplicates: 1,
      refused: 1,
      results: [
        { file: 'a.xml', outcome: 'IMPORTED', id: 7, number: '17-P1-1', supplierName: 'Dobavljač d.o.o.', code: null, reason: null, flags: [] },
        { file: 'b.xml', outcome: 'DUPLICATE', id: 3, number: '5-P1-1', supplierName: 'Dobavljač d.o.o.', code: 'inboxDuplicate', reason: 'E-račun 5-P1-1 dobavljača Dobavljač d.o.o. već je zaprimljen', flags: [] },
        { file: 'c.xml', outcome: 'REFUSED', id: null, number: null, supplierName: null, code: 'inboxNotXml', reason: 'Datoteka c.xml nije ispravan XML: …', flags: [] },
      ],
    };
    let sent: FormData | null = null;
    let listed = 0;
    stub(
      () => {
        listed++;
        return listOf(listed > 1 ? [ROW] : []);
      },
      {
        'POST /api/v1/inbox/import': (init) => {
          sent = init.body as FormData;
          return jsonResponse(200, { data: answerOf });
        },
      },
    );
    const { user } = renderApp({ route: '/Inbox', signedIn: true });
    await user.click(await screen.findByRole('button', { name: 'Uvezi XML' }));
    const dialog = await screen.findByRole('dialog', { name: 'Uvoz primljenih e-računa' });
    const input = dialog.querySelector('input[type=file]') as HTMLInputElement;
    await user.upload(input, [new File(['<Invoice/>'], 'a.xml', { type: 'application/xml' }), new File(['<x/>'], 'b.xml', { type: 'application/xml' }), new File(['nope'], 'c.xml', { type: 'application/xml' })]);
    await user.click(within(dialog).getByRole('button', { name: 'Uvezi' }));
    expect(await within(dialog).findByText('Zaprimljeno: 1 · već zaprimljeno: 1 · odbijeno: 1')).toBeVisible();
    expect(sent).toBeInstanceOf(FormData);
    expect((sent as unknown as FormData).getAll('files').map((file) => (file as File).name)).toEqual(['a.xml', 'b.xml', 'c.xml']);
    expect(within(dialog).getByText(/c\.xml nije ispravan XML/)).toBeVisible();
    expect(within(dialog).getByText(/već je zaprimljen/)).toBeVisible();
    expect(within(dialog).getByRole('link', { name: 'Otvori 17-P1-1' })).toHaveAttribute('href', '/Inbox/7');
    // the list asks again and shows what was kept
    await waitFor(() => expect(listed).toBeGreaterThan(1));
  });

  it('shows a received invoice field by field in English, with its attachment, check and original', async () => {
    await i18n.changeLanguage('en');
    vi.spyOn(URL, 'createObjectURL').mockImplementation(() => 'blob:faktura/hub3');
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    stub(() => listOf([ROW]), {
      'GET /api/v1/inbox/7': () => jsonResponse(200, { data: DOCUMENT }),
      'GET /api/v1/inbox/7/payment-code': () => new Response(new Uint8Array([0x89, 0x50, 0x4e, 0x47]), { status: 200, headers: { 'Content-Type': 'image/png' } }),
    });
    renderApp({ route: '/Inbox/7', signedIn: true });
    expect(await screen.findByRole('heading', { name: '17-P1-1 · Dobavljač d.o.o.' })).toBeVisible();
    const supplier = screen.getByRole('region', { name: 'Supplier' });
    expect(supplier).toHaveTextContent('HR12345678903');
    expect(screen.getByRole('region', { name: 'Buyer' })).toHaveTextContent('Kupac d.o.o.');
    const lines = screen.getByRole('table', { name: 'Lines' });
    expect(within(lines).getAllByRole('row')[1]).toHaveTextContent(/Održavanje\s*62\.02\.30\s*2 H87\s*500\.00\s*25 %\s*€1,000\.00/);
    expect(screen.getByRole('region', { name: 'Payment' })).toHaveTextContent('HR1210010051863000160');
    expect(screen.getByRole('region', { name: 'Payment' })).toHaveTextContent('HR00 17-P1-1');
    expect(await screen.findByRole('img', { name: 'HUB-3A code to pay invoice 17-P1-1' })).toHaveAttribute('src', 'blob:faktura/hub3');
    expect(screen.getByRole('list', { name: 'Amount' })).toHaveTextContent(/Amount due\s*€1,250\.00/);
    expect(screen.getByRole('button', { name: 'Download 17-P1-1.pdf' })).toBeVisible();
    expect(screen.getByRole('region', { name: 'E-invoice check' })).toHaveTextContent('HR CIUS: no errors');
    expect(screen.getByRole('region', { name: 'Original' })).toHaveTextContent('ab'.repeat(32));
    expect(screen.getByRole('region', { name: 'Original' })).toHaveTextContent('Imported from a file');
    expect(screen.getByRole('button', { name: 'Download the original XML' })).toBeVisible();
  });

  it('downloads Faktura\'s own print of a received invoice in the reader\'s language', async () => {
    await i18n.changeLanguage('en');
    const created = vi.spyOn(URL, 'createObjectURL').mockImplementation(() => 'blob:faktura/print');
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    const fetchMock = stub(() => listOf([ROW]), {
      'GET /api/v1/inbox/7': () => jsonResponse(200, { data: DOCUMENT }),
      'GET /api/v1/inbox/7/payment-code': () => new Response(new Uint8Array([0x89, 0x50, 0x4e, 0x47]), { status: 200, headers: { 'Content-Type': 'image/png' } }),
      'GET /api/v1/inbox/7/pdf?lang=en': () =>
        new Response(new Uint8Array([0x25, 0x50, 0x44, 0x46]), { status: 200, headers: { 'Content-Type': 'application/pdf', 'Content-Disposition': 'attachment; filename="12345678903-17-P1-1.pdf"' } }),
    });
    const { user } = renderApp({ route: '/Inbox/7', signedIn: true });
    await user.click(await screen.findByRole('button', { name: 'Print (PDF)' }));
    await vi.waitFor(() => expect(fetchMock.mock.calls.map(([url]) => url as string)).toContain('/api/v1/inbox/7/pdf?lang=en'));
    await vi.waitFor(() => expect(created).toHaveBeenCalledWith(expect.objectContaining({ type: 'application/pdf' })));
  });

  it('names a received invoice that is not there', async () => {
    stub(() => listOf([]), { 'GET /api/v1/inbox/99': () => jsonResponse(404, { errors: [{ code: 'inboxNotFound', reason: 'Primljeni račun ne postoji' }] }) });
    renderApp({ route: '/Inbox/99', signedIn: true });
    expect(await screen.findByRole('alert')).toHaveTextContent('Primljeni račun ne postoji');
  });
});

describe('a received line’s numbers', () => {
  it('are written the reader’s way, never a Croatian "1.000" that reads as a thousand', () => {
    expect(decimalFor('1.000', 'hr')).toBe('1');
    expect(decimalFor('2.500', 'hr')).toBe('2,5');
    expect(decimalFor('100.000000', 'hr', 2)).toBe('100,00');
    expect(decimalFor('1234.5678', 'hr', 2)).toBe('1.234,5678');
    expect(decimalFor('1234.5', 'en', 2)).toBe('1,234.50');
    expect(decimalFor('n/a', 'hr')).toBe('n/a');
  });
  it('shows the fiscalization as received: a refusal with its reason in hr, "Fiscalize now", the messages; in en the same', async () => {
    const refused: ReceivedFiscalization = {
      status: 'FAILED', sender: 'FAKTURA', deadline: '2026-03-09', attempts: 1, nextAttemptAt: null, requestId: null, at: null,
      error: { code: 'S009', text: 'Ne postoji zabilježen eRačun s navedenim identifikatorom', reason: 'Porezna uprava nema zabilježen ovaj eRačun: dobavljač ga još nije fiskalizirao' },
      messages: [{ id: 3, kind: 'ERACUN_U', messageId: 'fkt-1', outcome: 'FAILED', requestId: 'a1b2c3d4-0000-4000-8000-000000000001', errorCode: 'S009', errorText: 'Ne postoji zabilježen eRačun', httpStatus: 200, sentAt: '2026-03-02T09:05:00.000Z' }],
    };
    const done: ReceivedFiscalization = {
      ...refused, status: 'FISCALIZED', attempts: 2, error: null, requestId: 'b2c3d4e5-0000-4000-8000-000000000002', at: '2026-03-02T10:00:00.000Z',
      messages: [...refused.messages, { ...refused.messages[0]!, id: 4, outcome: 'FISCALIZED', errorCode: null, errorText: null, requestId: 'b2c3d4e5-0000-4000-8000-000000000002', sentAt: '2026-03-02T10:00:00.000Z' }],
    };
    const fetchMock = stub(() => listOf([ROW]), {
      'GET /api/v1/inbox/7': () => jsonResponse(200, { data: { ...DOCUMENT, fiscalStatus: 'FAILED' } }),
      'GET /api/v1/inbox/7/fiscalization': () => jsonResponse(200, { data: refused }),
      'POST /api/v1/inbox/7/fiscalize': () => jsonResponse(200, { data: done }),
    });
    renderApp({ route: '/Inbox/7', signedIn: true });
    const section = await screen.findByRole('region', { name: 'Fiskalizacija primljenog eRačuna' });
    await waitFor(() => expect(within(section).getByRole('status')).toHaveTextContent('Odbijen (S009): Porezna uprava nema zabilježen ovaj eRačun: dobavljač ga još nije fiskalizirao'));
    expect(section).toHaveTextContent('Riječima Porezne uprave: Ne postoji zabilježen eRačun s navedenim identifikatorom');
    expect(section).toHaveTextContent('Rok: 9. 3. 2026.');
    expect(within(section).getByRole('list', { name: 'Razmijenjene poruke' })).toHaveTextContent('S009');
    fireEvent.click(within(section).getByRole('button', { name: 'Fiskaliziraj sada' }));
    await waitFor(() => expect(within(section).getByRole('status')).toHaveTextContent('Porezna uprava zabilježila ga je'));
    expect(within(section).getByRole('status')).toHaveTextContent('b2c3d4e5-0000-4000-8000-000000000002');
    expect(within(section).queryByRole('button', { name: 'Fiskaliziraj sada' })).toBeNull();
    expect(fetchMock.mock.calls.some(([url, init]) => url === '/api/v1/inbox/7/fiscalize' && init?.method === 'POST')).toBe(true);
    // the header's status is read again with the document, not left saying it is refused
    await waitFor(() => expect(fetchMock.mock.calls.filter(([url, init]) => url === '/api/v1/inbox/7' && (init?.method ?? 'GET') === 'GET').length).toBe(2));
  });

  it('in English a received invoice waiting for the next attempt says when, the last problem and the deadline', async () => {
    await i18n.changeLanguage('en');
    const waiting: ReceivedFiscalization = {
      status: 'PENDING', sender: 'FAKTURA', deadline: '2026-03-09', attempts: 1, nextAttemptAt: '2999-03-02T09:06:00.000Z', requestId: null, at: null,
      error: { code: 'NETWORK', text: 'network: connect ECONNREFUSED', reason: 'the service is not reachable' }, messages: [],
    };
    stub(() => listOf([ROW]), {
      'GET /api/v1/inbox/7': () => jsonResponse(200, { data: DOCUMENT }),
      'GET /api/v1/inbox/7/fiscalization': () => jsonResponse(200, { data: waiting }),
    });
    renderApp({ route: '/Inbox/7', signedIn: true });
    const section = await screen.findByRole('region', { name: 'Fiscalization as received' });
    await waitFor(() => expect(within(section).getByRole('status')).toHaveTextContent(/^Faktura sends it to the Tax Administration 2 Mar 2999/));
    expect(section).toHaveTextContent('Last attempt: NETWORK the service is not reachable');
    expect(section).toHaveTextContent('Deadline: 9 Mar 2026');
    expect(within(section).getByRole('button', { name: 'Fiscalize now' })).toBeVisible();
  });
  it('a supplier abroad: the fiscalization reads not required with why, no deadline, nothing to send; in en the same', async () => {
    const none: ReceivedFiscalization = { status: 'NOT_REQUIRED', sender: 'FAKTURA', deadline: '2026-03-09', attempts: 0, nextAttemptAt: null, requestId: null, at: null, error: null, messages: [] };
    stub(() => listOf([ROW]), {
      'GET /api/v1/inbox/7': () => jsonResponse(200, { data: { ...DOCUMENT, fiscalStatus: 'NOT_REQUIRED' } }),
      'GET /api/v1/inbox/7/fiscalization': () => jsonResponse(200, { data: none }),
    });
    const { unmount } = renderApp({ route: '/Inbox/7', signedIn: true });
    const section = await screen.findByRole('region', { name: 'Fiskalizacija primljenog eRačuna' });
    await waitFor(() => expect(within(section).getByRole('status')).toHaveTextContent('Dobavljač ima sjedište u inozemstvu i nema hrvatski OIB'));
    expect(section).toHaveTextContent('Nije potrebna');
    expect(section).not.toHaveTextContent('Rok:');
    expect(within(section).queryByRole('button', { name: 'Fiskaliziraj sada' })).toBeNull();
    unmount();
    await i18n.changeLanguage('en');
    renderApp({ route: '/Inbox/7', signedIn: true });
    const english = await screen.findByRole('region', { name: 'Fiscalization as received' });
    await waitFor(() => expect(within(english).getByRole('status')).toHaveTextContent('The supplier is established abroad and has no Croatian TIN (OIB)'));
    expect(english).toHaveTextContent('Not required');
    expect(within(english).queryByRole('button', { name: 'Fiscalize now' })).toBeNull();
  });
  it('switching the language reads a refusal\'s reason again in the new language', async () => {
    const refusedIn = (language: string): ReceivedFiscalization => ({
      status: 'FAILED', sender: 'FAKTURA', deadline: '2026-03-09', attempts: 1, nextAttemptAt: null, requestId: null, at: null,
      error: { code: 'S009', text: null, reason: language === 'en' ? 'The Tax Administration has no record of this e-invoice' : 'Porezna uprava nema zabilježen ovaj eRačun' },
      messages: [],
    });
    stub(() => listOf([ROW]), {
      'GET /api/v1/inbox/7': () => jsonResponse(200, { data: { ...DOCUMENT, fiscalStatus: 'FAILED' } }),
      'GET /api/v1/inbox/7/fiscalization': (init) => jsonResponse(200, { data: refusedIn(new Headers(init.headers).get('Accept-Language') ?? 'hr') }),
    });
    const { user } = renderApp({ route: '/Inbox/7', signedIn: true });
    const section = await screen.findByRole('region', { name: 'Fiskalizacija primljenog eRačuna' });
    await waitFor(() => expect(within(section).getByRole('status')).toHaveTextContent('Odbijen (S009): Porezna uprava nema zabilježen ovaj eRačun'));
    await user.click(screen.getByRole('radio', { name: 'EN' }));
    const english = await screen.findByRole('region', { name: 'Fiscalization as received' });
    await waitFor(() => expect(within(english).getByRole('status')).toHaveTextContent('Refused (S009): The Tax Administration has no record of this e-invoice'));
  });
});
