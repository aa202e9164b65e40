import { screen } from '@testing-library/react';
import { expect, it, vi } from 'vitest';
import { renderApp } from '../../test/renderApp';

// The menu's code cannot be downloaded (the connection is gone before the menu was first opened): its
// import fails with the browser's error (thrown on use, since vitest wraps errors thrown by a factory).
vi.mock('./UserMenuLoaded', () => ({
  get LoadedUserMenu(): never {
    throw new TypeError('Failed to fetch dynamically imported module: /assets/UserMenuLoaded-x.js');
  },
}));

it('says something went wrong when the menu’s code cannot be downloaded, and keeps the button', async () => {
  const { user } = renderApp({ route: '/Clients', signedIn: true });
  await user.click(screen.getByRole('button', { name: 'Ana Anić' }));
  expect(await screen.findByText('Greška')).toBeInTheDocument();
  expect(screen.getAllByText('Greška')).toHaveLength(1);
  expect(screen.getAllByText(/^Dio aplikacije koji za to treba nije stigao. Provjerite vezu s internetom/).length).toBeGreaterThan(0);
  expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Ana Anić' })).toHaveAttribute('aria-expanded', 'false');
});
