import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../test/renderApp';

// The menu's code is a chunk of its own (UserMenu.tsx). Here it arrives when the test says so, as a
// slow download would; the tests of this file share one module, so only the first sees it arrive.
const download = vi.hoisted(() => {
  let done = () => {};
  const arrived = new Promise<void>((resolve) => (done = resolve));
  return { arrived, done };
});
vi.mock('./UserMenuLoaded', async (importOriginal) => {
  await download.arrived;
  return importOriginal();
});

const userButton = () => screen.getByRole('button', { name: 'Ana Anić' });

describe('User menu', () => {
  it('opens with Enter while its code downloads, and Escape gives the focus back to its button', async () => {
    const { user } = renderApp({ route: '/Clients', signedIn: true });
    const before = userButton();
    expect(before).toHaveAttribute('aria-haspopup', 'menu');
    expect(before).toHaveAttribute('aria-expanded', 'false');
    act(() => before.focus());

    await user.keyboard('{Enter}');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    await act(async () => {
      download.done();
      await download.arrived;
    });

    const menu = await screen.findByRole('menu');
    // The button was replaced by the menu's own: same name, now an open menu's button.
    expect(userButton()).toHaveAttribute('aria-expanded', 'true');
    expect(userButton()).toHaveAttribute('aria-controls', menu.id);
    await waitFor(() => expect(menu).toContainElement(document.activeElement as HTMLElement));
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('menuitem', { name: 'Odjava' })).toHaveFocus();

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('menu')).not.toBeInTheDocument());
    expect(userButton()).toHaveFocus();
    expect(userButton()).toHaveAttribute('aria-expanded', 'false');

    // And so on, as any Mantine menu: Space opens it again, Escape returns.
    await user.keyboard(' ');
    expect(await screen.findByRole('menu')).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('menu')).not.toBeInTheDocument());
    expect(userButton()).toHaveFocus();
  });

  it('once loaded, is the menu from the start and opens with a click', async () => {
    const { user } = renderApp({ route: '/', signedIn: true });
    await user.click(userButton());
    expect(await screen.findByRole('menuitem', { name: 'Odjava' })).toBeInTheDocument();
    expect(screen.getByText('ana@obrt.hr')).toBeInTheDocument();
  });
});
