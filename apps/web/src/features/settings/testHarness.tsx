import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, useLocation } from 'react-router';
import { AppProviders } from '../../app/AppProviders';
import { AppRoutes } from '../../app/AppRoutes';
import { setProfile } from '../../lib/profileStore';
import { OPERATOR } from '../../test/fixtures';

/** Shows the router's address, so tests can read what a click put into it. */
function Address() {
  const location = useLocation();
  return <output aria-label="address">{location.pathname + location.search}</output>;
}

/**
 * The whole app at `path`, signed in as OPERATOR. Each render gets its own SWR cache: the default
 * one is global, and data (or the 2 s deduping) from an earlier test would stand in for the fake API.
 */
export function renderSignedIn(path: string) {
  setProfile(OPERATOR);
  const user = userEvent.setup();
  const view = render(
    <AppProviders env="test">
      <MemoryRouter initialEntries={[path]}>
        <AppRoutes />
        <Address />
      </MemoryRouter>
    </AppProviders>,
  );
  return { user, ...view };
}
