import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';

const COLORS: Record<string, string> = { DRAFT: 'gray', PUBLISHED: 'yellow', CLEARED: 'green' };

/** DRAFT grey (Nacrt), PUBLISHED yellow (Izdan), CLEARED green (Naplaćen); anything else "Unknown". */
export function InvoiceStateBadge({ state }: { state: string }) {
  const { t } = useTranslation();
  const known = state in COLORS;
  return (
    <Badge color={COLORS[state] ?? 'red'} variant="light">
      {known ? t(`invoices.state.${state as 'DRAFT'}`) : t('invoices.state.UNKNOWN')}
    </Badge>
  );
}
