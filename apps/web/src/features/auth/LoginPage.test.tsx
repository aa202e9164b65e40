import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
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
