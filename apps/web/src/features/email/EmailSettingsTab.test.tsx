import { screen, waitFor, within } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import { beforeEach, describe, expect, it } from 'vitest';
import type { EmailSettings } from '@faktura/shared';
import { bodyOf, callsTo, jsonResponse, stubApi } from '../../test/fakeApi';
import { renderApp } from '../../test/renderApp';

const TEMPLATES = [
  {
    language: 'hr',
    kind: 'invoice',
    subject: 'Račun {{number}} – {{company}}',
    body: 'Poštovani,\n\nračun {{number}}.',
  },
  {
    language: 'hr',
    kind: 'creditNote',
    subject: 'Odobrenje {{number}} – {{company}}',
    body: 'Poštovani,\n\nodobrenje {{number}}.',
  },
  {
    language: 'hr',
    kind: 'reminder',
    subject: 'Podsjetnik: račun {{number}} je dospio',
    body: 'Podsjetnik {{number}}.',
  },
  {
    language: 'en',
    kind: 'invoice',
    subject: 'Invoice {{number}} – {{company}}',
    body: 'Dear Sir or Madam,\n\ninvoice {{number}}.',
  },
  {
    language: 'en',
    kind: 'creditNote',
    subject: 'Credit note {{number}} – {{company}}',
    body: 'Dear Sir or Madam,\n\ncredit note {{number}}.',
  },
  {
    language: 'en',
    kind: 'reminder',
    subject: 'Reminder: invoice {{number}} is overdue',
    body: 'Reminder {{number}}.',
  },
] as EmailSettings['templates'];

const SETTINGS: EmailSettings = {
  source: 'settings',
  host: 'smtp.kodni-obrt.hr',
  port: 587,
  security: 'starttls',
  username: 'ivana',
  passwordSet: true,
  fromName: 'Kodni Obrt',
  fromAddress: 'racuni@kodni-obrt.hr',
  replyTo: null,
  bcc: null,
  ready: true,
  templates: TEMPLATES,
  defaults: TEMPLATES,
  placeholders: ['number', 'amount', 'dueDate', 'issueDate', 'iban', 'reference', 'client', 'company'],
};

async function openTab(handlers: Parameters<typeof stubApi>[0]) {
  const fetchMock = stubApi({
    'GET /api/v1/settings/email': () => jsonResponse(200, { data: SETTINGS }),
    ...handlers,
  });
  const rendered = renderApp({ route: '/Settings?tab=email', signedIn: true });
  const form = await screen.findByRole('form', { name: 'Poslužitelj e-pošte (SMTP)' });
  return { ...rendered, fetchMock, form };
}

describe('Settings > E-mail', () => {
  beforeEach(() => notifications.clean());

  it('never shows the stored password, keeps it when none is typed, and reports the test message in plain words', async () => {
    const { user, form, fetchMock } = await openTab({
      'PUT /api/v1/settings/email': () =>
        jsonResponse(200, { data: { ...SETTINGS, bcc: 'ja@kodni-obrt.hr' } }),
      'POST /api/v1/settings/email/test': () =>
        jsonResponse(200, {
          data: {
            ok: false,
            to: 'racuni@kodni-obrt.hr',
            messageId: null,
            errorCode: 'auth',
            reason: 'Poslužitelj e-pošte nije prihvatio korisničko ime ili lozinku',
            serverResponse: '535 5.7.8 Authentication failed',
          },
        }),
    });
    expect(within(form).getByLabelText('Lozinka')).toHaveValue('');
    expect(
      within(form).getByText('Lozinka je spremljena i ne prikazuje se. Upišite novu samo ako je mijenjate.'),
    ).toBeInTheDocument();
    await user.type(
      within(form).getByRole('textbox', { name: 'Skrivena kopija meni (BCC)' }),
      'ja@kodni-obrt.hr',
    );
    await user.click(within(form).getByRole('button', { name: 'Pošalji probnu poruku' }));

    const status = await within(form).findByRole('status');
    expect(status).toHaveTextContent(
      'Probna poruka nije poslana: Poslužitelj e-pošte nije prihvatio korisničko ime ili lozinku',
    );
    expect(status).toHaveTextContent('Odgovor poslužitelja: 535 5.7.8 Authentication failed');
    // saved first (without a password: the stored one stays), then tested
    expect(bodyOf(callsTo(fetchMock, 'PUT /api/v1/settings/email'))).toEqual({
      host: 'smtp.kodni-obrt.hr',
      port: 587,
      security: 'starttls',
      username: 'ivana',
      fromName: 'Kodni Obrt',
      fromAddress: 'racuni@kodni-obrt.hr',
      replyTo: null,
      bcc: 'ja@kodni-obrt.hr',
    });
    expect(callsTo(fetchMock, 'POST /api/v1/settings/email/test')).toHaveLength(1);
  }, 60_000);

  it('shows the server’s reasons beside the fields, and lists the placeholders a template may use', async () => {
    const { user, form } = await openTab({
      'PUT /api/v1/settings/email': () =>
        jsonResponse(400, {
          errors: [
            {
              reason: 'Prijelom retka ovdje nije dopušten',
              code: 'validation',
              field: 'fromName',
            },
            {
              reason: 'Unesite ispravnu e-mail adresu',
              code: 'validation',
              field: 'fromAddress',
            },
          ],
        }),
    });
    await user.click(within(form).getByRole('button', { name: 'Spremi' }));
    expect(await within(form).findByText('Prijelom retka ovdje nije dopušten')).toBeInTheDocument();
    expect(within(form).getByText('Unesite ispravnu e-mail adresu')).toBeInTheDocument();

    const templates = screen.getByRole('form', { name: 'Predlošci poruka' });
    expect(within(templates).getByText('{{number}}')).toBeInTheDocument();
    expect(within(templates).getByText('{{reference}}')).toBeInTheDocument();
    expect(within(templates).getByText(/model i poziv na broj/)).toBeInTheDocument();
    await user.click(within(templates).getByRole('radio', { name: 'Engleski' }));
    await waitFor(() =>
      expect(within(templates).getAllByRole('textbox', { name: 'Predmet' })[0]).toHaveValue(
        'Invoice {{number}} – {{company}}',
      ),
    );
    // a credit note has a template of its own, named as one (issue 31)
    const creditNote = within(templates).getByRole('group', { name: 'Odobrenje – Engleski' });
    expect(within(creditNote).getByRole('textbox', { name: 'Predmet' })).toHaveValue('Credit note {{number}} – {{company}}');
  }, 60_000);
});
