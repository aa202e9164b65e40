import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LANGUAGE_STORAGE_KEY } from '../lib/i18n';
import { PROFILE_STORAGE_KEY } from '../lib/profileStore';
import { callsTo, jsonResponse, stubApi } from '../test/fakeApi';
import { renderApp } from '../test/renderApp';
import { OPERATOR } from '../test/samples/session';

function signedIn(path = '/') {
  return renderApp({ route: path, signedIn: true });
}

describe('App shell', () => {
  it('shows the navigation, the operator and the dashboard after login', () => {
    signedIn('/');
    expect(screen.getByRole('heading', { level: 1, name: 'Nadzorna ploča' })).toBeInTheDocument();
    expect(document.title).toBe('Nadzorna ploča · Faktura');
    const nav = screen.getByRole('navigation', { name: 'Glavna navigacija' });
    for (const [name, href] of [
      ['Nadzorna ploča', '/'],
      ['Računi', '/Invoices'],
      ['Klijenti', '/Clients'],
      ['Adrese', '/Address'],
      ['Postavke', '/Settings'],
    ]) {
      expect(screen.getByRole('link', { name })).toHaveAttribute('href', href);
    }
    expect(nav).toContainElement(screen.getByRole('link', { name: 'Računi' }));
    expect(screen.getByRole('button', { name: 'Ana Anić' })).toBeInTheDocument();
  });

  it.each([
    ['/Dashboard/Submitted', 'Izdani, nenaplaćeni računi'],
    ['/Invoices', 'Računi'],
    ['/Invoices/NewInvoice', 'Računi > Novi račun'],
    ['/Invoices/42', 'Računi > Uredi račun'],
    ['/Clients', 'Klijenti'],
    ['/Address', 'Adrese'],
    ['/Settings', 'Postavke'],
    ['/Tools/Joppd', 'JOPPD broj'],
  ])('opens %s directly, titled "%s"', (path, title) => {
    signedIn(path);
    expect(screen.getByRole('heading', { level: 1, name: title })).toBeInTheDocument();
    expect(document.title).toBe(`${title} · Faktura`);
  });

  it('highlights the section the current page belongs to', async () => {
    const { user } = signedIn('/Invoices/42');
    expect(screen.getByRole('link', { name: 'Računi' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'Nadzorna ploča' })).not.toHaveAttribute('aria-current');

    await user.click(screen.getByRole('link', { name: 'Klijenti' }));
    expect(screen.getByRole('heading', { level: 1, name: 'Klijenti' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Klijenti' })).toHaveAttribute('aria-current', 'page');
  });

  it('shows a not-found page with a way home for an unknown address', async () => {
    const { user } = signedIn('/Nepostojece');
    expect(screen.getByRole('heading', { level: 1, name: 'Stranica nije pronađena' })).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Natrag na nadzornu ploču' }));
    expect(screen.getByRole('heading', { level: 1, name: 'Nadzorna ploča' })).toBeInTheDocument();
  });

  it('shows the login on every route while nobody is signed in', () => {
    renderApp({ route: '/Settings' });
    expect(screen.getByLabelText('E-mail')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Postavke' })).not.toBeInTheDocument();
  });
});

describe('Language switch', () => {
  it('switches the texts to English and remembers the choice', async () => {
    const { user, unmount } = signedIn('/Invoices/NewInvoice');
    await user.click(screen.getByRole('radio', { name: 'EN' }));

    expect(screen.getByRole('heading', { level: 1, name: 'Invoices > New Invoice' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Clients' })).toBeInTheDocument();
    expect(screen.getByRole('radiogroup', { name: 'Language' })).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('en');
    expect(document.title).toBe('Invoices > New Invoice · Faktura');
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('en');

    // The next screen opened keeps English until Croatian is chosen again.
    unmount();
    renderApp({ route: '/' });
    expect(screen.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'HR' }));
    expect(screen.getByRole('heading', { level: 1, name: 'Nadzorna ploča' })).toBeInTheDocument();
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('hr');
  });

  it('is available on the login screen', async () => {
    const { user } = renderApp();
    await user.click(screen.getByRole('radio', { name: 'EN' }));
    expect(screen.getByLabelText('Password')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Log in' })).toBeDisabled();
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('en');
  });
});

describe('Logout', () => {
  it('ends the session on the server, clears the profile and returns to the login at /', async () => {
    const fetchMock = stubApi({
      'DELETE /api/v1/login/refresh': () => jsonResponse(200, { data: { ok: true } }),
      'POST /api/v1/login': () => jsonResponse(200, { data: OPERATOR }),
    });
    const { user } = signedIn('/Clients');
    await user.click(screen.getByRole('button', { name: 'Ana Anić' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Odjava' }));

    expect(await screen.findByLabelText('E-mail')).toBeInTheDocument();
    expect(localStorage.getItem(PROFILE_STORAGE_KEY)).toBeNull();
    expect(callsTo(fetchMock, 'DELETE /api/v1/login/refresh')).toHaveLength(1);

    // Signing in again lands on the dashboard, not the page left behind: the address went back to /.
    await user.type(screen.getByLabelText('E-mail'), 'ana@obrt.hr');
    await user.type(screen.getByLabelText('Lozinka'), 'tajna');
    await user.click(screen.getByRole('button', { name: 'Prijava' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Nadzorna ploča' })).toBeInTheDocument();
  });

  it('still signs out when the server cannot be reached', async () => {
    stubApi({ 'DELETE /api/v1/login/refresh': () => Promise.reject(new TypeError('offline')) });
    const { user } = signedIn('/');
    await user.click(screen.getByRole('button', { name: 'Ana Anić' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Odjava' }));
    await waitFor(() => expect(screen.getByLabelText('E-mail')).toBeInTheDocument());
    expect(localStorage.getItem(PROFILE_STORAGE_KEY)).toBeNull();
  });
});
