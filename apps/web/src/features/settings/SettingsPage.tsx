import { Anchor, Group, Tabs } from '@mantine/core';
import { IconCalendarStats, IconCertificate, IconListDetails, IconMail, IconReceipt2, IconSend, IconSettings } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { PageTitle } from '../../components/PageTitle';
import { DeliveryTab } from '../delivery';
import { EmailSettingsTab } from '../email';
import { FiscalizationTab } from '../fiscalization';
import { LineItemsPanel } from '../lineItems';
import { GeneralTab } from './GeneralTab';
import { PosTab } from './PosTab';

const TABS = ['general', 'lineItems', 'pos', 'email', 'fiscalization', 'delivery'] as const;
type Tab = (typeof TABS)[number];

const isTab = (value: string | null): value is Tab => (TABS as readonly (string | null)[]).includes(value);

/** General settings, line items and POS (route /Settings); the open tab lives in `?tab=`. */
export function SettingsPage() {
  const { t } = useTranslation();
  // In the address, so a reload, a bookmark or the back button keeps the tab.
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab');
  const tab: Tab = isTab(requested) ? requested : 'general';

  const choose = (value: string | null) => {
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value === 'general' || !isTab(value)) next.delete('tab');
        else next.set('tab', value);
        return next;
      },
      { replace: true },
    );
  };

  return (
    <>
      <Group justify="space-between" align="flex-start" wrap="wrap">
        <PageTitle>{t('pages.settings')}</PageTitle>
        <Anchor component={Link} to="/Tools/Joppd" mt={6}>
          <Group gap={6} wrap="nowrap">
            <IconCalendarStats size={18} aria-hidden />
            {t('settings.joppdLink')}
          </Group>
        </Anchor>
      </Group>
      <Tabs value={tab} onChange={choose} keepMounted={false}>
        <Tabs.List aria-label={t('settings.tabs.label')}>
          <Tabs.Tab value="general" leftSection={<IconSettings size={16} aria-hidden />}>
            {t('settings.tabs.general')}
          </Tabs.Tab>
          <Tabs.Tab value="lineItems" leftSection={<IconListDetails size={16} aria-hidden />}>
            {t('settings.tabs.lineItems')}
          </Tabs.Tab>
          <Tabs.Tab value="pos" leftSection={<IconReceipt2 size={16} aria-hidden />}>
            {t('settings.tabs.pos')}
          </Tabs.Tab>
          <Tabs.Tab value="email" leftSection={<IconMail size={16} aria-hidden />}>
            {t('email.settings.tab')}
          </Tabs.Tab>
          <Tabs.Tab value="fiscalization" leftSection={<IconCertificate size={16} aria-hidden />}>
            {t('fiscalization.tab')}
          </Tabs.Tab>
          <Tabs.Tab value="delivery" leftSection={<IconSend size={16} aria-hidden />}>
            {t('delivery.settings.tab')}
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="general" pt="lg">
          <GeneralTab />
        </Tabs.Panel>
        <Tabs.Panel value="lineItems" pt="lg">
          <LineItemsPanel />
        </Tabs.Panel>
        <Tabs.Panel value="pos" pt="lg">
          <PosTab />
        </Tabs.Panel>
        <Tabs.Panel value="email" pt="lg">
          <EmailSettingsTab />
        </Tabs.Panel>
        <Tabs.Panel value="fiscalization" pt="lg">
          <FiscalizationTab />
        </Tabs.Panel>
        <Tabs.Panel value="delivery" pt="lg">
          <DeliveryTab />
        </Tabs.Panel>
      </Tabs>
    </>
  );
}
