import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PROFILE_STORAGE_KEY } from '../../lib/profileStore';
import { callsTo, jsonResponse, sentHeaders, stubApi } from '../../test/fakeApi';
import { renderApp } from '../../test/renderApp';
import { OPERATOR } from '../../test/samples/session';

describe('Login screen', () => {
  it('enables the Login button only when both e-mail and password are filled in', async () => {
    const { user } = renderApp();
    const button = screen.getByRole('button', { name: 'Prijava' });
    expect(screen.getByRole('heading', { name: 'Faktura' })).toBeInTheDocument();
    expect(button).toBeDisabled();

    await user.type(screen.getByLabelText('E-mail'), '   ');
    await user.type(screen.getByLabelText('Lozinka'), 'tajna');
    expect(button).toBeDisabled();

    await user.clear(screen.getByLabelText('E-mail'));
    await user.type(screen.getByLabelText('E-mail'), 'ana@obrt.hr');
    expect(button).toBeEnabled();

    await user.clear(screen.getByLabelText('Lozinka'));
    expect(button).toBeDisabled();
  });

  it("shows the server's reason inside the form when the login fails", async () => {
    const fetchMock = stubApi({
      'POST /api/v1/login': () =>
        jsonResponse(401, {
          errors: [{ reason: 'Pogrešan e-mail ili lozinka', code: 'invalidCredentials' }],
        }),
    });
    const { user } = renderApp();
    await user.type(screen.getByLabelText('E-mail'), 'ana@obrt.hr');
    await user.type(screen.getByLabelText('Lozinka'), 'kriva');
    await user.click(screen.getByRole('button', { name: 'Prijava' }));

    const form = screen.getByRole('form', { name: 'Prijava' });
    expect(await within(form).findByRole('alert')).toHaveTextContent('Pogrešan e-mail ili lozinka');
    expect(localStorage.getItem(PROFILE_STORAGE_KEY)).toBeNull();
    // A failed login is final: no token refresh is attempted for it.
    expect(callsTo(fetchMock, 'POST /api/v1/login/refresh')).toHaveLength(0);
  });

  it('shows a throttling reason as the server words it', async () => {
    stubApi({
      'POST /api/v1/login': () =>
        jsonResponse(429, {
          errors: [{ reason: 'Previše neuspjelih prijava. Pokušajte ponovno za 5 min.', code: 'throttled' }],
        }),
    });
    const { user } = renderApp();
    await user.type(screen.getByLabelText('E-mail'), 'ana@obrt.hr');
    await user.type(screen.getByLabelText('Lozinka'), 'kriva');
    await user.click(screen.getByRole('button', { name: 'Prijava' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Pokušajte ponovno za 5 min.');
  });

  describe('when the server says how long to wait (429 with Retry-After)', () => {
    afterEach(() => {
      vi.useRealTimers();
    });

    it('shows until when, and keeps the button off for that e-mail until then', async () => {
      // only the clock is fixed (13:00 UTC, 14:00 in Zagreb); timers run for real
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(new Date('2026-11-26T13:00:00Z'));
      const fetchMock = stubApi({
        'POST /api/v1/login': () =>
          jsonResponse(
            429,
            { errors: [{ reason: 'Previše neuspjelih prijava. Pokušajte ponovno za 7 min.', code: 'throttled' }] },
            { 'Retry-After': '420' },
          ),
      });
      const { user } = renderApp();
      await user.type(screen.getByLabelText('E-mail'), 'ana@obrt.hr');
      await user.type(screen.getByLabelText('Lozinka'), 'tajna');
      const button = screen.getByRole('button', { name: 'Prijava' });
      await user.click(button);

      const alert = await screen.findByRole('alert');
      expect(alert).toHaveTextContent('Previše neuspjelih prijava. Pokušajte ponovno za 7 min.');
      expect(alert).toHaveTextContent('Prijava je ponovno moguća u 14:07.');
      expect(button).toBeDisabled();
      await user.click(button);
      expect(callsTo(fetchMock, 'POST /api/v1/login')).toHaveLength(1);
      // another e-mail is another account: it may try
      await user.clear(screen.getByLabelText('E-mail'));
      await user.type(screen.getByLabelText('E-mail'), 'marko@obrt.hr');
      expect(button).toBeEnabled();
      expect(alert).not.toHaveTextContent('14:07');
      await user.clear(screen.getByLabelText('E-mail'));
      await user.type(screen.getByLabelText('E-mail'), ' ANA@obrt.hr');
      expect(button).toBeDisabled();
    });

    it('a wait of seconds (a busy server) keeps the button off only until it is over', async () => {
      stubApi({
        'POST /api/v1/login': () =>
          jsonResponse(
            429,
            { errors: [{ reason: 'Poslužitelj upravo provjerava mnogo prijava. Pokušajte ponovno za 1 s.', code: 'signInBusy' }] },
            { 'Retry-After': '1' },
          ),
      });
      const { user } = renderApp();
      await user.type(screen.getByLabelText('E-mail'), 'ana@obrt.hr');
      await user.type(screen.getByLabelText('Lozinka'), 'tajna');
      const button = screen.getByRole('button', { name: 'Prijava' });
      await user.click(button);
      const alert = await screen.findByRole('alert');
      expect(alert).toHaveTextContent('Pokušajte ponovno za 1 s.');
      expect(alert).not.toHaveTextContent('Prijava je ponovno moguća');
      expect(button).toBeDisabled();
      await waitFor(() => expect(button).toBeEnabled(), { timeout: 3000 });
    });
  });

  it('stores the profile and shows the app with the operator name after a successful login', async () => {
    const fetchMock = stubApi({ 'POST /api/v1/login': () => jsonResponse(200, { data: OPERATOR }) });
    const { user } = renderApp({ route: '/Clients' });
    await user.type(screen.getByLabelText('E-mail'), '  ana@obrt.hr ');
    await user.type(screen.getByLabelText('Lozinka'), 'tajna');
    await user.click(screen.getByRole('button', { name: 'Prijava' }));

    expect(await screen.findByRole('button', { name: 'Ana Anić' })).toBeInTheDocument();
    // The deep link that was asked for opens right after signing in.
    expect(screen.getByRole('heading', { level: 1, name: 'Klijenti' })).toBeInTheDocument();
    expect(JSON.parse(localStorage.getItem(PROFILE_STORAGE_KEY) ?? 'null')).toEqual(OPERATOR);

    const [, init] = fetchMock.mock.calls[0] ?? [];
    expect(JSON.parse(init?.body as string)).toEqual({ username: 'ana@obrt.hr', password: 'tajna' });
    expect(sentHeaders(fetchMock, 0).get('Authorization')).toBeNull();
    expect(sentHeaders(fetchMock, 0).get('Accept-Language')).toBe('hr');
  });

  it('says something sensible when the server cannot be reached', async () => {
    stubApi({ 'POST /api/v1/login': () => Promise.reject(new TypeError('Failed to fetch')) });
    const { user } = renderApp();
    await user.type(screen.getByLabelText('E-mail'), 'ana@obrt.hr');
    await user.type(screen.getByLabelText('Lozinka'), 'tajna');
    await user.click(screen.getByRole('button', { name: 'Prijava' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Dogodila se neočekivana greška. Pokušajte ponovno.',
    );
  });
});
