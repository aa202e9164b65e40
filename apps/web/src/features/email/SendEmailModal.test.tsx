import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { InvoiceEmailDraft, InvoiceEmailRecord } from '@faktura/shared';
import { bodyOf, callsTo, formApi, jsonResponse, stubApi } from '../../test/fakeApi';
import { renderApp } from '../../test/renderApp';
import { i18n } from '../../lib/i18n';
import { CREDIT_NOTE } from '../../test/samples/creditNotes';
import { ISSUED } from '../../test/samples/invoices';
import { findToast, freezeToday } from '../../test/ui';

const DRAFT: InvoiceEmailDraft = {
  kind: 'invoice',
  language: 'hr',
  to: ['nabava@jadran.hr'],
  cc: [],
  bcc: 'arhiva@kodni-obrt.hr',
  subject: 'Račun 5/POSL1/1 – Kodni Obrt',
  body: 'Poštovani,\n\nu privitku Vam šaljemo račun 5/POSL1/1.',
  attachments: ['Racun-5-POSL1-1.pdf', '5-POSL1-1.xml'],
  ready: true,
};

const record = (patch: Partial<InvoiceEmailRecord>): InvoiceEmailRecord => ({
  id: 1,
  invoiceId: 5,
  kind: 'invoice',
  language: 'hr',
  status: 'SENT',
  to: ['nabava@jadran.hr'],
  cc: [],
  bcc: null,
  subject: DRAFT.subject,
  body: DRAFT.body,
  attachments: DRAFT.attachments,
  messageId: '<abc@kodni-obrt.hr>',
  errorCode: null,
  reason: null,
  serverResponse: '250 OK',
  createdAt: '2026-03-18T09:30:00.000Z',
  ...patch,
});

const FAILED = record({
  id: 1,
  status: 'FAILED',
  messageId: null,
  errorCode: 'auth',
  reason: 'Poslužitelj e-pošte nije prihvatio korisničko ime ili lozinku',
  serverResponse: '535 Authentication credentials invalid',
});

function api(answers: (() => Response)[], history: InvoiceEmailRecord[][] = [[]]) {
  let sent = 0;
  let listed = 0;
  return stubApi({
    ...formApi(),
    'GET /api/v1/invoice/5': () => jsonResponse(200, { data: ISSUED }),
    'GET /api/v1/invoice/5/email/draft?kind=invoice': () => jsonResponse(200, { data: DRAFT }),
    'GET /api/v1/invoice/5/email': () =>
      jsonResponse(200, { data: history[Math.min(listed++, history.length - 1)] }),
    'POST /api/v1/invoice/5/email': () => (answers[Math.min(sent++, answers.length - 1)] ?? answers[0]!)(),
  });
}

async function openDialog() {
  const rendered = renderApp({ route: '/Invoices/5', signedIn: true });
  await rendered.user.click(await screen.findByRole('button', { name: 'Pošalji e-poštom' }));
  const dialog = await screen.findByRole('dialog', { name: 'Slanje računa 5/POSL1/1' });
  await within(dialog).findByRole('textbox', { name: 'Predmet' });
  return { ...rendered, dialog };
}

describe('Send by e-mail dialog', () => {
  beforeEach(freezeToday);
  afterEach(() => vi.useRealTimers());

  it('proposes the client, the template and the attachments; a refused login stays in the dialog, a retry sends', async () => {
    const fetchMock = api(
      [
        () => jsonResponse(201, { data: FAILED }),
        () => jsonResponse(201, { data: record({ id: 2, to: ['nabava@jadran.hr', 'ana@jadran.hr'] }) }),
      ],
      [[], [FAILED], [record({ id: 2 }), FAILED]],
    );
    const { user, dialog } = await openDialog();
    expect(within(dialog).getByRole('textbox', { name: 'Predmet' })).toHaveValue(
      'Račun 5/POSL1/1 – Kodni Obrt',
    );
    expect(within(dialog).getByRole('textbox', { name: 'Poruka' })).toHaveValue(DRAFT.body);
    expect(within(dialog).getByText('nabava@jadran.hr')).toBeInTheDocument();
    expect(within(dialog).getByText('Skrivena kopija ide na arhiva@kodni-obrt.hr.')).toBeInTheDocument();
    const attachments = within(dialog).getByRole('list', { name: 'Privici' });
    expect(
      within(attachments)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(DRAFT.attachments);

    await user.type(within(dialog).getByRole('textbox', { name: 'Primatelji' }), 'ana@jadran.hr,');
    await user.click(within(dialog).getByRole('button', { name: 'Pošalji' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Poruka nije poslana: Poslužitelj e-pošte nije prihvatio korisničko ime ili lozinku',
    );
    expect(
      within(dialog).getByText('Odgovor poslužitelja: 535 Authentication credentials invalid'),
    ).toBeInTheDocument();
    expect(bodyOf(callsTo(fetchMock, 'POST /api/v1/invoice/5/email'))).toEqual({
      to: ['nabava@jadran.hr', 'ana@jadran.hr'],
      cc: [],
      subject: DRAFT.subject,
      body: DRAFT.body,
      kind: 'invoice',
    });

    await user.click(within(dialog).getByRole('button', { name: 'Pošalji' }));
    expect(await findToast('Poruka poslana (nabava@jadran.hr, ana@jadran.hr)')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // the history on the page shows both sendings, the failed one with its retry
    const history = await screen.findByRole('table', { name: 'Slanja e-poštom' });
    await waitFor(() => expect(within(history).getAllByRole('row')).toHaveLength(3));
    expect(within(history).getByText('Poslano')).toBeInTheDocument();
    expect(within(history).getByText('Nije poslano')).toBeInTheDocument();
    expect(within(history).getByRole('button', { name: /Ponovno pošalji poruku od/ })).toBeInTheDocument();
  }, 60_000);

  it('shows the server’s reasons beside the fields it refused', async () => {
    const refused = () =>
      jsonResponse(400, {
        errors: [
          { reason: 'Unesite ispravnu e-mail adresu', code: 'validation', field: 'to.1' },
          { reason: 'Prijelom retka ovdje nije dopušten', code: 'validation', field: 'subject' },
        ],
      });
    api([refused]);
    const { user, dialog } = await openDialog();
    await user.type(within(dialog).getByRole('textbox', { name: 'Primatelji' }), 'nije-adresa,');
    await user.click(within(dialog).getByRole('button', { name: 'Pošalji' }));
    expect(await within(dialog).findByText('Unesite ispravnu e-mail adresu')).toBeInTheDocument();
    expect(within(dialog).getByText('Prijelom retka ovdje nije dopušten')).toBeInTheDocument();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  }, 60_000);

  describe('for a credit note (issue 31)', () => {
    const NOTE_DRAFT: InvoiceEmailDraft = {
      ...DRAFT,
      subject: 'Odobrenje 7/POSL1/1 – Kodni Obrt',
      body: 'Poštovani,\n\nu privitku Vam šaljemo odobrenje 7/POSL1/1.',
      attachments: ['Odobrenje-7-POSL1-1.pdf', '7-POSL1-1.xml'],
    };
    const noteApi = (draft: InvoiceEmailDraft) => {
      let listed = 0;
      return stubApi({
        ...formApi(),
        'GET /api/v1/invoice/7': () => jsonResponse(200, { data: CREDIT_NOTE }),
        'GET /api/v1/invoice/7/email/draft?kind=invoice': () => jsonResponse(200, { data: draft }),
        'GET /api/v1/invoice/7/email': () =>
          jsonResponse(200, { data: listed++ === 0 ? [] : [record({ invoiceId: 7, subject: draft.subject, language: draft.language })] }),
        'POST /api/v1/invoice/7/email': () =>
          jsonResponse(201, { data: record({ invoiceId: 7, subject: draft.subject, language: draft.language }) }),
      });
    };

    it('names it as a credit note: title, language line, and the kind in the history (hr)', async () => {
      noteApi(NOTE_DRAFT);
      const { user } = renderApp({ route: '/Invoices/7', signedIn: true });
      await user.click(await screen.findByRole('button', { name: 'Pošalji e-poštom' }));
      const dialog = await screen.findByRole('dialog', { name: 'Slanje odobrenja 7/POSL1/1' });
      expect(await within(dialog).findByRole('textbox', { name: 'Predmet' })).toHaveValue('Odobrenje 7/POSL1/1 – Kodni Obrt');
      expect(within(dialog).getByText('Jezik poruke i odobrenja: hrvatski')).toBeInTheDocument();
      expect(within(dialog).queryByText(/računa/)).not.toBeInTheDocument();
      await user.click(within(dialog).getByRole('button', { name: 'Pošalji' }));
      expect(await findToast('Poruka poslana (nabava@jadran.hr)')).toBeInTheDocument();
      const history = await screen.findByRole('table', { name: 'Slanja e-poštom' });
      expect(await within(history).findByText('Odobrenje')).toBeInTheDocument();
      expect(within(history).queryByText('Račun')).not.toBeInTheDocument();
    }, 60_000);

    it('names it as a credit note in English too', async () => {
      await i18n.changeLanguage('en');
      noteApi({ ...NOTE_DRAFT, language: 'en', subject: 'Credit note 7/POSL1/1 – Kodni Obrt' });
      const { user } = renderApp({ route: '/Invoices/7', signedIn: true });
      await user.click(await screen.findByRole('button', { name: 'Send by e-mail' }));
      const dialog = await screen.findByRole('dialog', { name: 'Send credit note 7/POSL1/1' });
      expect(await within(dialog).findByRole('textbox', { name: 'Subject' })).toHaveValue('Credit note 7/POSL1/1 – Kodni Obrt');
      expect(within(dialog).getByText('Language of the message and the credit note: English')).toBeInTheDocument();
      await user.click(within(dialog).getByRole('button', { name: 'Send' }));
      const history = await screen.findByRole('table', { name: 'Sent by e-mail' });
      expect(await within(history).findByText('Credit note')).toBeInTheDocument();
    }, 60_000);
  });
});
