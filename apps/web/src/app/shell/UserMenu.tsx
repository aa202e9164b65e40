import { Button, Menu } from '@mantine/core';
import { IconChevronDown, IconLogout, IconUserCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../features/auth';

/** The signed-in operator's name; opens a menu with Log out. */
export function UserMenu() {
  const { t } = useTranslation();
  const { profile, logout } = useSession();
  if (!profile) return null;
  return (
    <Menu position="bottom-end" width={220}>
      <Menu.Target>
        <Button
          variant="subtle"
          color="gray"
          leftSection={<IconUserCircle size={20} stroke={1.5} aria-hidden />}
          rightSection={<IconChevronDown size={14} aria-hidden />}
        >
          {profile.name}
        </Button>
      </Menu.Target>
      <Menu.Dropdown aria-label={t('user.menu')}>
        <Menu.Label>{profile.username}</Menu.Label>
        <Menu.Item leftSection={<IconLogout size={16} aria-hidden />} onClick={() => void logout()}>
          {t('user.logout')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
