import { screen, waitFor, within } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../lib/i18n';
import { downloadFile, filenameOf } from '../../lib/http';
import { setProfile } from '../../lib/profileStore';
import { callsTo, jsonResponse, sentHeaders, stubApi } from '../../test/fakeApi';
import { renderPreviewButton } from '../../test/print';
import { DE_VIEW_EN, DE_VIEW_HR, HR_VIEW } from '../../test/samples/printViews';
import { OPERATOR } from '../../test/samples/session';

const PDF_BYTES = '%PDF-1.7 test';
const pdfResponse = (disposition?: string) =>
  new Response(PDF_BYTES, {
    status: 200,
    headers: {
      'Content-Type': 'application/pdf',
      ...(disposition ? { 'Content-Disposition': disposition } : {}),
    },
  });

/** Stands in for the browser's save: records the object URL's blob and the link's name. */
function stubSaving() {
  // Restored after each test by the setup's vi.restoreAllMocks().
  const created = vi.spyOn(URL, 'createObjectURL').mockImplementation(() => 'blob:faktura/1');
  const revoked = vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
  const clicks: HTMLAnchorElement[] = [];
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    clicks.push(this);
  });
  return { created, revoked, clicks };
}

beforeEach(() => notifications.clean());

describe('Download PDF', () => {
  it("downloads the PDF in the sheet's language with the token and saves it under the server's name", async () => {
    const saving = stubSaving();
    const fetchMock = stubApi({
      'GET /screen/v1/invoice/print/2?lang=hr': () => jsonResponse(200, { data: DE_VIEW_HR }),
      'GET /screen/v1/invoice/print/2?lang=en': () => jsonResponse(200, { data: DE_VIEW_EN }),
      'GET /api/v1/invoice/2/pdf?lang=en': () =>
        pdfResponse(`attachment; filename="Invoice-2-POSL1-1.pdf"; filename*=UTF-8''Invoice-2-POSL1-1.pdf`),
    });
    const { user } = renderPreviewButton(2);
    await user.click(screen.getByRole('button', { name: 'Pregled i ispis' }));
    await screen.findByRole('article');
    await user.click(screen.getByRole('radio', { name: 'EN' }));
    await within(await screen.findByRole('article')).findByText('Bill to');

    await user.click(screen.getByRole('button', { name: 'Preuzmi PDF' }));
    await waitFor(() => expect(saving.clicks).toHaveLength(1));
    const [call] = callsTo(fetchMock, 'GET /api/v1/invoice/2/pdf?lang=en');
    expect(call).toBeDefined();
    const headers = sentHeaders(fetchMock, fetchMock.mock.calls.indexOf(call!));
    expect(headers.get('Authorization')).toBe('Bearer token-1');
    expect(headers.get('Accept')).toMatch(/^application\/pdf/);
    expect(saving.clicks[0]).toHaveAttribute('download', 'Invoice-2-POSL1-1.pdf');
    expect(saving.clicks[0]).toHaveAttribute('href', 'blob:faktura/1');
    expect(saving.clicks[0]?.isConnected).toBe(false); // the temporary link is gone again
    const blob = saving.created.mock.calls[0]?.[0] as Blob | undefined;
    expect(blob?.type).toBe('application/pdf');
    expect(await blob?.text()).toBe(PDF_BYTES);
    await waitFor(() => expect(saving.revoked).toHaveBeenCalledWith('blob:faktura/1'), { timeout: 3000 });
    expect(screen.getByRole('button', { name: 'Preuzmi PDF' })).toBeEnabled();
  });

  it("asks for a Croatian client's PDF in Croatian even under an English screen", async () => {
    const saving = stubSaving();
    await i18n.changeLanguage('en');
    const fetchMock = stubApi({
      'GET /screen/v1/invoice/print/1?lang=en': () => jsonResponse(200, { data: HR_VIEW }),
      'GET /api/v1/invoice/1/pdf?lang=hr': () =>
        pdfResponse(`attachment; filename="Racun-1-POSL1-1.pdf"; filename*=UTF-8''Ra%C4%8Dun-1-POSL1-1.pdf`),
    });
    const { user } = renderPreviewButton(1);
    await user.click(screen.getByRole('button', { name: 'Preview and print' }));
    await screen.findByRole('article');
    await user.click(screen.getByRole('button', { name: 'Download PDF' }));
    await waitFor(() => expect(saving.clicks).toHaveLength(1));
    expect(callsTo(fetchMock, 'GET /api/v1/invoice/1/pdf?lang=hr')).toHaveLength(1);
    expect(saving.clicks[0]).toHaveAttribute('download', 'Račun-1-POSL1-1.pdf');
  });

  it("shows the server's reason when the PDF cannot be made, and saves nothing", async () => {
    const saving = stubSaving();
    const reason = 'PDF trenutačno nije dostupan';
    stubApi({
      'GET /screen/v1/invoice/print/1?lang=hr': () => jsonResponse(200, { data: HR_VIEW }),
      'GET /api/v1/invoice/1/pdf?lang=hr': () =>
        jsonResponse(503, { errors: [{ reason, code: 'internal' }] }),
    });
    const { user } = renderPreviewButton(1);
    await user.click(screen.getByRole('button', { name: 'Pregled i ispis' }));
    await screen.findByRole('article');
    await user.click(screen.getByRole('button', { name: 'Preuzmi PDF' }));
    expect(await screen.findByText(reason)).toBeInTheDocument();
    expect(screen.getByText('PDF nije preuzet')).toBeInTheDocument();
    expect(saving.clicks).toHaveLength(0);
    expect(saving.created).not.toHaveBeenCalled();
  });
});

describe('downloadFile', () => {
  it('refreshes an expired token once and retries, like every other call', async () => {
    setProfile(OPERATOR);
    const fetchMock = stubApi({
      'GET /api/v1/invoice/5/pdf?lang=hr': (init) =>
        new Headers(init.headers).get('Authorization') === 'Bearer token-2'
          ? pdfResponse()
          : jsonResponse(401, { errors: [{ reason: 'Prijava je istekla', code: 'tokenExpired' }] }),
      'POST /api/v1/login/refresh': () =>
        jsonResponse(200, { data: { cryptogram: 'token-2', expiresAt: '2030-01-02T00:00:00.000Z' } }),
    });
    const file = await downloadFile('/api/v1/invoice/5/pdf?lang=hr', {
      accept: 'application/pdf',
      fallbackName: 'invoice-5.pdf',
    });
    expect(file.filename).toBe('invoice-5.pdf');
    expect(await file.blob.text()).toBe(PDF_BYTES);
    expect(callsTo(fetchMock, 'POST /api/v1/login/refresh')).toHaveLength(1);
  });

  it('refuses a 2xx that is not the file asked for (a proxy page, say)', async () => {
    setProfile(OPERATOR);
    stubApi({
      'GET /api/v1/invoice/5/pdf': () =>
        new Response('<html>login</html>', { headers: { 'Content-Type': 'text/html' } }),
    });
    await expect(downloadFile('/api/v1/invoice/5/pdf', { accept: 'application/pdf' })).rejects.toMatchObject({
      code: 'unexpectedResponse',
    });
  });

  it('reads the file name from content-disposition, preferring the UTF-8 one and dropping folders', () => {
    expect(filenameOf(`attachment; filename="Racun-7.pdf"; filename*=UTF-8''Ra%C4%8Dun-7.pdf`)).toBe(
      'Račun-7.pdf',
    );
    expect(filenameOf('attachment; filename="a \\"b\\".pdf"')).toBe('a "b".pdf');
    expect(filenameOf('attachment; filename=plain.pdf')).toBe('plain.pdf');
    expect(filenameOf(`attachment; filename*=UTF-8''%E0%A4%A.pdf; filename="fallback.pdf"`)).toBe(
      'fallback.pdf',
    );
    expect(filenameOf('attachment; filename="../../etc/passwd"')).toBe('passwd');
    expect(filenameOf('attachment; filename=".."')).toBeNull();
    expect(filenameOf('attachment')).toBeNull();
    expect(filenameOf(null)).toBeNull();
  });
});
