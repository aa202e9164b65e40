import type { ReactNode } from 'react';
import { Paper, Text, Title } from '@mantine/core';

interface SettingsSectionProps {
  title: string;
  intro?: string;
  children: ReactNode;
}

/** A bordered block with its own heading, so each form on a tab is easy to find and name. */
export function SettingsSection({ title, intro, children }: SettingsSectionProps) {
  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-label={title}>
      <Title order={2} size="h4" mb={intro ? 4 : 'md'}>
        {title}
      </Title>
      {intro && (
        <Text c="dimmed" size="sm" mb="md">
          {intro}
        </Text>
      )}
      {children}
    </Paper>
  );
}
