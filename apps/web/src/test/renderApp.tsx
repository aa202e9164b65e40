import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { AppProviders } from '../app/AppProviders';
import { AppRoutes } from '../app/AppRoutes';

/** The whole app at `path`, as a browser would open it (stored profile and language included). */
export function renderApp(path = '/') {
  const user = userEvent.setup();
  const view = render(
    <AppProviders env="test">
      <MemoryRouter initialEntries={[path]}>
        <AppRoutes />
      </MemoryRouter>
    </AppProviders>,
  );
  return { user, ...view };
}
