import { useLayoutEffect, useRef, useState } from 'react';
import { Menu } from '@mantine/core';
import { IconLogout } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { UserButton } from './UserButton';

export interface UserMenuStart {
  /** The button this one replaces had the focus: this one takes it before anything else happens. */
  focus: boolean;
  /** The menu was asked for (a click, Enter or Space) while its code downloaded: it opens at once. */
  open: boolean;
}

interface LoadedUserMenuProps {
  name: string;
  username: string;
  onLogout: () => void;
  start: UserMenuStart;
}

/** The user menu itself (Mantine's Menu, with Floating UI): a chunk of its own, see UserMenu.tsx. */
export function LoadedUserMenu({ name, username, onLogout, start }: LoadedUserMenuProps) {
  const { t } = useTranslation();
  const button = useRef<HTMLButtonElement>(null);
  const [initial] = useState(start);
  // Mounted closed, the focus moves to the new button first and only then does the menu open, by a
  // click on its button as the one asked for it: the menu remembers what had the focus when it opened
  // and gives it back on Escape, so that must be this button (opened at mount, the menu would remember
  // nothing, and Escape would leave the focus on the page's body).
  useLayoutEffect(() => {
    if (initial.focus) button.current?.focus();
    if (initial.open) button.current?.click();
  }, [initial]);
  return (
    <Menu position="bottom-end" width={220}>
      <Menu.Target>
        <UserButton ref={button} name={name} />
      </Menu.Target>
      <Menu.Dropdown aria-label={t('user.menu')}>
        <Menu.Label>{username}</Menu.Label>
        <Menu.Item leftSection={<IconLogout size={16} aria-hidden />} onClick={onLogout}>
          {t('user.logout')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
