import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { ContractType } from '@faktura/shared';

/** "Ugovor o djelu (SOW), 15 dana": the contract's kind and payment term, in the screen's language. */
export function useContractLabel() {
  const { t } = useTranslation();
  return useCallback(
    (type: ContractType, days: number) =>
      t('invoiceForm.contractOption', {
        type: t(`contracts.types.${type}`),
        days: t('invoiceForm.days', { count: days }),
      }),
    [t],
  );
}
