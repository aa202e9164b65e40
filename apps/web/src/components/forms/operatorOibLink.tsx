import { Anchor } from '@mantine/core';
import type { ReactNode } from 'react';
import type { ErrorCode } from '@faktura/shared';
import { ApiRequestError } from '../../lib/apiError';
import { i18n } from '../../lib/i18n';

/** The refusals that are answered by entering the operator's OIB in Settings > General > Your account. */
const OPERATOR_OIB: readonly string[] = ['issueOperatorOib', 'einvoiceOperatorOib', 'receiptOperatorOib'] satisfies ErrorCode[];

/**
 * For a refusal because the operator has no OIB on file: a link to the place to enter it, shown under
 * the reason in the toast; nothing for any other failure.
 */
export function operatorOibLink(error: unknown): ReactNode | undefined {
  if (!(error instanceof ApiRequestError)) return undefined;
  if (!error.errors.some((e) => OPERATOR_OIB.includes(e.code))) return undefined;
  return (
    <Anchor href="/Settings" size="sm">
      {i18n.t('notify.enterOperatorOib')}
    </Anchor>
  );
}
