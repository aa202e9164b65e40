import type { ReactNode } from 'react';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { notifications } from '@mantine/notifications';
import { MemoryRouter, useLocation } from 'react-router';
import { AppProviders } from '../app/AppProviders';
import { AppRoutes } from '../app/AppRoutes';
import { setProfile } from '../lib/profileStore';
import { OPERATOR } from './samples/session';

/**
 * The web's one test harness (decision 020). Every render gets its own SWR cache (AppProviders in
 * test mode) and starts without toasts: both stores are module-wide, and an earlier test's list (or
 * a request deduplicated against it) or toast would stand in for this test's fake API.
 */
export interface RenderOptions {
  /** The address the browser opens; `/` unless told. */
  route?: string;
  /** Signed in as OPERATOR (a stored profile, as after a sign-in), else nobody. */
  signedIn?: boolean;
}

/** Shows the router's address, so tests can read what a click put into it. */
function Address() {
  const location = useLocation();
  return <output aria-label="address">{location.pathname + location.search}</output>;
}

function start(signedIn: boolean) {
  notifications.clean();
  if (signedIn) setProfile(OPERATOR);
  return userEvent.setup();
}

/** The whole app at `route`, as a browser would open it (stored profile and language included). */
export function renderApp({ route = '/', signedIn = false }: RenderOptions = {}) {
  const user = start(signedIn);
  const view = render(
    <AppProviders env="test">
      <MemoryRouter initialEntries={[route]}>
        <AppRoutes />
        <Address />
      </MemoryRouter>
    </AppProviders>,
  );
  return { user, ...view };
}

/** One piece of the app (a dialog, a button) inside the app's providers, without the router's pages. */
export function renderWithProviders(ui: ReactNode, { route = '/', signedIn = false }: RenderOptions = {}) {
  const user = start(signedIn);
  const view = render(
    <AppProviders env="test">
      <MemoryRouter initialEntries={[route]}>{ui}</MemoryRouter>
    </AppProviders>,
  );
  return { user, ...view };
}
