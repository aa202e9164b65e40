import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import {
  type Language,
  type ReceivedListRow,
  type ReceivedState,
  type ValidationStatus,
  formatMoney,
  todayInZagreb,
} from '@faktura/shared';
import { currentLanguage } from '../../lib/i18n';
import { formatDay } from '../invoices';

// What the inbox's list and a received document's page show alike.

/**
 * An amount as the page shows it: a credit note's negative, as Faktura's own credit notes read (the
 * API keeps the supplier's figures as stated, positive in a UBL CreditNote).
 */
export const signedCents = (cents: number, row: Pick<ReceivedListRow, 'documentType'>): number => (row.documentType === 'CREDIT_NOTE' && cents !== 0 ? -cents : cents);

/** The amount the supplier stated (with VAT), in the document's currency; a credit note's negative. */
export function totalOf(row: Pick<ReceivedListRow, 'totalCents' | 'currency' | 'documentType'>, language: Language): string {
  return formatMoney(signedCents(row.totalCents, row), row.currency, language);
}

const STATE_COLOURS: Record<ReceivedState, string> = { RECEIVED: 'blue', PAID: 'green', REJECTED: 'red' };

export function ReceivedStateBadge({ state }: { state: ReceivedState }) {
  const { t } = useTranslation();
  return (
    <Badge color={STATE_COLOURS[state]} variant="light" size="sm">
      {t(`inbox.state.${state}`)}
    </Badge>
  );
}

export function CreditNoteMark() {
  const { t } = useTranslation();
  return (
    <Badge color="orange" variant="outline" size="sm">
      {t('inbox.creditNote')}
    </Badge>
  );
}

/**
 * The recipient's fiscalization of the document as received: pending with its deadline (red once the
 * day has passed), fiscalized, refused, or the intermediary's.
 */
export function FiscalBadge({ row }: { row: Pick<ReceivedListRow, 'fiscalStatus' | 'fiscalDeadline'> }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  if (row.fiscalStatus === 'PENDING') {
    const late = todayInZagreb() > row.fiscalDeadline;
    const date = formatDay(row.fiscalDeadline, language);
    return (
      <Badge color={late ? 'red' : 'yellow'} variant="light" size="sm" style={{ textTransform: 'none' }}>
        {late ? t('inbox.fiscal.late', { date }) : t('inbox.fiscal.PENDING', { date })}
      </Badge>
    );
  }
  const colour = row.fiscalStatus === 'FAILED' ? 'red' : row.fiscalStatus === 'NOT_REQUIRED' ? 'gray' : 'green';
  return (
    <Badge color={colour} variant="light" size="sm" style={{ textTransform: 'none' }}>
      {t(`inbox.fiscal.${row.fiscalStatus}`)}
    </Badge>
  );
}

const VALIDATION_COLOURS: Record<ValidationStatus, string> = { PENDING: 'gray', VALID: 'green', INVALID: 'red' };

export function ValidationBadge({ status }: { status: ValidationStatus }) {
  const { t } = useTranslation();
  return (
    <Badge color={VALIDATION_COLOURS[status]} variant="light" size="sm" style={{ textTransform: 'none' }}>
      {t(`inbox.validation.${status}`)}
    </Badge>
  );
}

/** What was noticed about the document (another OIB, an invoice credited that is not here, rounding). */
export function FlagBadges({ row }: { row: Pick<ReceivedListRow, 'flags' | 'validation'> }) {
  const { t } = useTranslation();
  return (
    <>
      {row.validation === 'INVALID' && <ValidationBadge status="INVALID" />}
      {row.flags.map((flag) => (
        <Badge key={flag} color={flag === 'otherRecipient' ? 'red' : 'gray'} variant="outline" size="sm" style={{ textTransform: 'none' }}>
          {t(`inbox.flags.${flag}`)}
        </Badge>
      ))}
    </>
  );
}
