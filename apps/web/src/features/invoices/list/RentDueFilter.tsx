import { Button } from '@mantine/core';
import { IconHomeDollar } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** The toggle "Rent: not yet invoiced this month" (the list's `notInvoicedThisMonth`). */
export function RentDueFilter({
  active,
  onChange,
}: {
  active: boolean;
  onChange: (active: boolean) => void;
}) {
  const { t } = useTranslation();
  return (
    <Button
      size="xs"
      radius="xl"
      variant={active ? 'filled' : 'default'}
      color="grape"
      leftSection={<IconHomeDollar size={16} />}
      aria-pressed={active}
      onClick={() => onChange(!active)}
    >
      {t('invoices.rentDue.label')}
    </Button>
  );
}
