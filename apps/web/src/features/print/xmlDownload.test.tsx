import { screen, waitFor } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { answer, callsTo, formApi, jsonResponse, sentHeaders, stubApi } from '../../test/fakeApi';
import { openPreview } from '../../test/print';
import { renderApp } from '../../test/renderApp';
import { ISSUED } from '../../test/samples/invoices';
import { HR_VIEW } from '../../test/samples/printViews';
import { chooseMore, freezeToday, moreActions } from '../../test/ui';

const XML = '<?xml version="1.0" encoding="UTF-8"?><Invoice/>';
const xmlResponse = (name: string) =>
  new Response(XML, {
    status: 200,
    headers: {
      'Content-Type': 'application/xml; charset=utf-8',
      'Content-Disposition': `attachment; filename="${name}"; filename*=UTF-8''${name}`,
    },
  });

/** Stands in for the browser's save: records the link's name and the blob. */
function stubSaving() {
  const created = vi.spyOn(URL, 'createObjectURL').mockImplementation(() => 'blob:faktura/x');
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
  const clicks: HTMLAnchorElement[] = [];
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    clicks.push(this);
  });
  return { created, clicks };
}

beforeEach(() => notifications.clean());

describe('Download e-invoice (XML)', () => {
  it('downloads from the preview with the token and saves it under the server name', async () => {
    const saving = stubSaving();
    const fetchMock = stubApi({
      'GET /screen/v1/invoice/print/1?lang=hr': answer(HR_VIEW),
      'GET /api/v1/invoice/1/ubl?lang=hr': () => xmlResponse('1-POSL1-1.xml'),
    });
    const { user } = await openPreview(1);
    await screen.findByRole('article');
    await user.click(screen.getByRole('button', { name: 'Preuzmi e-račun (XML)' }));
    await waitFor(() => expect(saving.clicks).toHaveLength(1));
    expect(saving.clicks[0]).toHaveAttribute('download', '1-POSL1-1.xml');
    const [call] = callsTo(fetchMock, 'GET /api/v1/invoice/1/ubl?lang=hr');
    const headers = sentHeaders(fetchMock, fetchMock.mock.calls.indexOf(call!));
    expect(headers.get('Authorization')).toBe('Bearer token-1');
    expect(headers.get('Accept')).toMatch(/^application\/xml/);
    const blob = saving.created.mock.calls[0]?.[0] as Blob | undefined;
    expect(await blob?.text()).toBe(XML);
  });

  it("offers no XML for a private person's invoice in the preview (decision 031), which still prints as PDF", async () => {
    stubApi({
      'GET /screen/v1/invoice/print/1?lang=hr': answer({ ...HR_VIEW, client: { ...HR_VIEW.client, kind: 'CONSUMER', vatNumber: null } }),
    });
    await openPreview(1);
    await screen.findByRole('article');
    expect(screen.getByRole('button', { name: 'Preuzmi PDF' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Preuzmi e-račun (XML)' })).not.toBeInTheDocument();
    // a private person is named by OIB, as the PDF names them
    expect(screen.getByRole('article')).toHaveTextContent('OIB: 33914072203');
  });

  it('offers no XML for a draft in the preview', async () => {
    stubApi({ 'GET /screen/v1/invoice/print/1?lang=hr': answer({ ...HR_VIEW, draft: true }) });
    await openPreview(1);
    await screen.findByRole('article');
    expect(screen.getByRole('button', { name: 'Preuzmi PDF' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Preuzmi e-račun (XML)' })).not.toBeInTheDocument();
  });
});

describe('Download e-invoice (XML) on the edit page', () => {
  beforeEach(freezeToday);
  afterEach(() => vi.useRealTimers());

  it("shows the server's refusal (operator without an OIB) in a toast and saves nothing", async () => {
    const saving = stubSaving();
    const reason = 'Operater Ana Anić nema upisan OIB, a e-račun mora navesti OIB operatera koji ga je izdao';
    stubApi({
      ...formApi(),
      'GET /api/v1/invoice/5': () => jsonResponse(200, { data: ISSUED }),
      'GET /api/v1/invoice/5/ubl?lang=hr': () =>
        jsonResponse(409, { errors: [{ reason, code: 'einvoiceOperatorOib' }] }),
    });
    const { user } = renderApp({ route: '/Invoices/5', signedIn: true });
    await screen.findByRole('button', { name: 'Pregled i ispis' });
    await chooseMore(user, 'Preuzmi e-račun (XML)');
    expect(await screen.findByText(reason)).toBeInTheDocument();
    expect(screen.getByText('E-račun nije preuzet')).toBeInTheDocument();
    expect(saving.clicks).toHaveLength(0);
  });

  it("has no XML download on the edit page of a private person's invoice or credit note", async () => {
    stubApi({
      ...formApi(),
      'GET /api/v1/invoice/5': () => jsonResponse(200, { data: { ...ISSUED, clientKind: 'CONSUMER', eInvoice: false } }),
    });
    const { user } = renderApp({ route: '/Invoices/5', signedIn: true });
    expect(await screen.findByRole('button', { name: 'Pregled i ispis' })).toBeInTheDocument();
    expect(await moreActions(user)).not.toContain('Preuzmi e-račun (XML)');
  });

  it('downloads from the edit page', async () => {
    const saving = stubSaving();
    stubApi({
      ...formApi(),
      'GET /api/v1/invoice/5': () => jsonResponse(200, { data: ISSUED }),
      'GET /api/v1/invoice/5/ubl?lang=hr': () => xmlResponse('5-POSL1-1.xml'),
    });
    const { user } = renderApp({ route: '/Invoices/5', signedIn: true });
    await screen.findByRole('button', { name: 'Pregled i ispis' });
    await chooseMore(user, 'Preuzmi e-račun (XML)');
    await waitFor(() => expect(saving.clicks).toHaveLength(1));
    expect(saving.clicks[0]).toHaveAttribute('download', '5-POSL1-1.xml');
  });
});
