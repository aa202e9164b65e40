import { Anchor, Group, Paper, SimpleGrid, Text, ThemeIcon } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageTitle } from '../../components/PageTitle';
import { REPORTS } from './reportList';

/** The Reports screen (route /Reports): every report Faktura builds, each leading to its own screen. */
export function ReportsPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageTitle>{t('reports.title')}</PageTitle>
      <Text c="dimmed" mb="md">
        {t('reports.intro')}
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {REPORTS.map((report) => (
          <Paper component="li" key={report.key} withBorder radius="md" p="md">
            <Group wrap="nowrap" align="flex-start">
              <ThemeIcon variant="light" size="lg" aria-hidden>
                <report.icon size={20} />
              </ThemeIcon>
              <div>
                <Anchor component={Link} to={report.to} fw={700}>
                  {t(report.title)}
                </Anchor>
                <Text size="sm" c="dimmed" mt={4}>
                  {t(report.description)}
                </Text>
              </div>
            </Group>
          </Paper>
        ))}
      </SimpleGrid>
    </>
  );
}
