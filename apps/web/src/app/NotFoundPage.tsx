import { Anchor, Text } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '../components/PageTitle';

export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageTitle>{t('notFound.title')}</PageTitle>
      <Text mb="md">{t('notFound.body')}</Text>
      <Anchor component={Link} to="/">
        {t('notFound.home')}
      </Anchor>
    </>
  );
}
