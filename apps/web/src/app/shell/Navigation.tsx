import { NavLink } from '@mantine/core';
import { Link, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { isActive, NAV_ITEMS } from './navItems';

/** `onNavigate` lets the shell close the drawer on narrow screens once a page is picked. */
export function Navigation({ onNavigate }: { onNavigate: () => void }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  return NAV_ITEMS.map((item) => {
    const active = isActive(item, pathname);
    const Icon = item.icon;
    return (
      <NavLink
        key={item.to}
        component={Link}
        to={item.to}
        label={t(item.label)}
        leftSection={<Icon size={20} stroke={1.5} aria-hidden />}
        active={active}
        aria-current={active ? 'page' : undefined}
        onClick={onNavigate}
      />
    );
  });
}
