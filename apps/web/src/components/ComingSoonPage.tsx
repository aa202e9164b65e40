import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PageTitle } from './PageTitle';

/** A route that exists (deep links work) but whose screen is still to be built. */
export function ComingSoonPage({ title }: { title: string }) {
  const { t } = useTranslation();
  return (
    <>
      <PageTitle>{title}</PageTitle>
      <Text c="dimmed">{t('app.comingSoon')}</Text>
    </>
  );
}
