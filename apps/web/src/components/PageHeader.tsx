import type { ReactNode } from 'react';
import { Group } from '@mantine/core';
import { PageTitle } from './PageTitle';

/** The page's title with its main action (a "New ..." button) on the same line. */
export function PageHeader({ title, action }: { title: string; action?: ReactNode }) {
  return (
    <Group justify="space-between" align="flex-start" gap="sm">
      <PageTitle>{title}</PageTitle>
      {action}
    </Group>
  );
}
