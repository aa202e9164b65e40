import { useEffect, useRef, useState } from 'react';
import { loginPage, useSession } from '../../features/auth';
import { notifyApiError } from '../../lib/notify';
import { UserButton } from './UserButton';
import type { LoadedUserMenu, UserMenuStart } from './UserMenuLoaded';

let loadedMenu: typeof LoadedUserMenu | undefined;
let loading: Promise<typeof LoadedUserMenu> | undefined;

/** Downloads the menu's code once (a failed download may be retried by the next try). */
function loadMenu(): Promise<typeof LoadedUserMenu> {
  return (loading ??= import('./UserMenuLoaded').then(
    (module) => (loadedMenu = module.LoadedUserMenu),
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  ));
}

// The sign-in page downloads with the menu: Log out shows it at once, with or without a connection then.
const preloadMenu = () => {
  void loadMenu().catch(() => undefined);
  void loginPage.preload().catch(() => undefined);
};

/**
 * The signed-in operator's name; opens a menu with Log out. The menu (Mantine's Menu, and with it
 * Floating UI) is not part of the first download: until it is first asked for, the same button stands
 * there alone, announced as a closed menu's button. Pointing at it or focusing it starts the download;
 * a click, Enter or Space asks for the menu, which opens as soon as it is in. The button is then
 * replaced by the menu's own: that one takes the focus if the first had it, before the menu opens, so
 * Escape returns the focus to it as always (decision 010).
 */
export function UserMenu() {
  const { profile, logout } = useSession();
  // Once loaded (another visit of the shell, a remount) the menu renders straight away.
  const [start, setStart] = useState<UserMenuStart | null>(() => (loadedMenu ? { focus: false, open: false } : null));
  const placeholder = useRef<HTMLButtonElement>(null);
  const wanted = useRef(false);
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);
  if (!profile) return null;
  const Loaded = start && loadedMenu;
  if (Loaded) {
    return <Loaded name={profile.name} username={profile.username} onLogout={() => void logout()} start={start} />;
  }

  function ask() {
    // A second click before the menu is in takes the first back, as a second click closes it.
    wanted.current = !wanted.current;
    loadMenu().then(
      () => {
        if (!mounted.current) return;
        setStart({ focus: document.activeElement === placeholder.current, open: wanted.current });
      },
      (error: unknown) => {
        // No connection (the code could not come): say so rather than do nothing; the next try retries.
        wanted.current = false;
        if (mounted.current) notifyApiError(error);
      },
    );
  }

  return (
    <UserButton
      ref={placeholder}
      name={profile.name}
      aria-haspopup="menu"
      aria-expanded={false}
      onPointerEnter={preloadMenu}
      onFocus={preloadMenu}
      onClick={ask}
    />
  );
}
