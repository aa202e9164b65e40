import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';

const COLORS: Record<string, string> = { DRAFT: 'gray', PUBLISHED: 'yellow', CLEARED: 'green' };

/**
 * DRAFT grey (Nacrt), PUBLISHED yellow (Izdan), CLEARED green (Naplaćen); anything else "Unknown".
 * A document settled by credit notes rather than paid (decision 027) reads "Stornirano" instead.
 */
export function InvoiceStateBadge({ state, creditSettled = false }: { state: string; creditSettled?: boolean }) {
  const { t } = useTranslation();
  if (creditSettled)
    return (
      <Badge color="orange" variant="light" title={t('invoices.creditSettledTitle')}>
        {t('invoices.creditSettled')}
      </Badge>
    );
  const known = state in COLORS;
  return (
    <Badge color={COLORS[state] ?? 'red'} variant="light">
      {known ? t(`invoices.state.${state as 'DRAFT'}`) : t('invoices.state.UNKNOWN')}
    </Badge>
  );
}
