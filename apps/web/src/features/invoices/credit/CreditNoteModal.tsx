import { useState } from 'react';
import {
  Alert,
  Button,
  Checkbox,
  Modal,
  Stack,
  Table,
  Text,
  Textarea,
} from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { formatNumber, todayInZagreb, type Invoice } from '@faktura/shared';
import { useDialogFullScreen } from '../../../components/useDialogFullScreen';
import { ApiRequestError, errorReason, labelledReason } from '../../../lib/apiError';
import { currentLanguage } from '../../../lib/i18n';
import { notifyFailure, notifySuccess } from '../../../lib/notify';
import { operatorOibLink } from '../../../components/forms/operatorOibLink';
import { invoiceApi, useInvoice } from '../api';
import { PageLoad } from '../form/PageLoad';
import { useRefreshInvoices } from '../form/pageHooks';
import { formatDay } from '../list/format';
import {
  checkCredit,
  creditBody,
  creditsNothing,
  creditFieldFor,
  creditLines,
  isStorno,
  lineKey,
  type CreditErrors,
  type CreditLine,
} from './creditModel';
import { ActionBar } from '../../../components/ActionBar';
import { DecimalInput } from '../../../components/DecimalInput';

export interface CreditNoteModalProps {
  /** The issued invoice to credit; null closes the dialog. */
  invoiceId: number | null;
  onClose: () => void;
  /** The calendar day it is (tests fix it); Zagreb's today by default. */
  today?: string;
}

/**
 * "Odobrenje / storno": credits chosen lines of an issued invoice, or all that remains of it. The
 * list rows do not carry lines, so the dialog reads the invoice itself.
 */
export function CreditNoteModal({ invoiceId, onClose, today }: CreditNoteModalProps) {
  const fullScreen = useDialogFullScreen();
  // Kept while the dialog fades out, so its content does not vanish halfway through the fade.
  const [shownId, setShownId] = useState(invoiceId);
  if (invoiceId !== null && invoiceId !== shownId) setShownId(invoiceId);
  const [busy, setBusy] = useState(false);

  return (
    <Modal.Root
      opened={invoiceId !== null}
      onClose={busy ? () => undefined : onClose}
      size="lg"
      fullScreen={fullScreen}
      centered
    >
      <Modal.Overlay />
      {/* Keyed by id: another invoice (or the same one again) starts with fresh choices. */}
      {shownId !== null && (
        <CreditContent
          key={`${shownId}-${invoiceId === null ? 'closing' : 'open'}`}
          invoiceId={shownId}
          today={today ?? todayInZagreb()}
          onBusy={setBusy}
          onClose={onClose}
        />
      )}
    </Modal.Root>
  );
}

interface CreditContentProps {
  invoiceId: number;
  today: string;
  onBusy: (busy: boolean) => void;
  onClose: () => void;
}

function CreditContent({ invoiceId, today, onBusy, onClose }: CreditContentProps) {
  const { t } = useTranslation();
  const query = useInvoice(invoiceId);
  const error: unknown = query.error;
  const number = query.data?.invoiceNumber ?? '';
  return (
    <Modal.Content>
      <Modal.Header>
        <Modal.Title fw={600}>{t('creditNote.title', { number })}</Modal.Title>
        <Modal.CloseButton aria-label={t('creditNote.cancel')} />
      </Modal.Header>
      <Modal.Body>
        <PageLoad data={query.data} error={error} onRetry={() => void query.mutate()}>
          {(invoice) => <CreditForm invoice={invoice} today={today} onBusy={onBusy} onClose={onClose} />}
        </PageLoad>
      </Modal.Body>
    </Modal.Content>
  );
}

interface CreditFormProps {
  invoice: Invoice;
  today: string;
  onBusy: (busy: boolean) => void;
  onClose: () => void;
}

function CreditForm({ invoice, today, onBusy, onClose }: CreditFormProps) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const refresh = useRefreshInvoices();
  const [lines, setLines] = useState<CreditLine[]>(() => creditLines(invoice, language));
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<CreditErrors>({});
  const [busy, setBusy] = useState(false);
  const quantity = (milli: number) => formatNumber(milli / 1000, language, 3);

  function clearError(key: string) {
    setErrors((current) => {
      if (!(key in current)) return current;
      const next = { ...current };
      delete next[key];
      return next;
    });
  }

  function change(lineId: number, patch: Partial<CreditLine>) {
    setLines((current) => current.map((line) => (line.lineId === lineId ? { ...line, ...patch } : line)));
    clearError(lineKey(lineId));
    clearError('lines');
  }

  async function submit() {
    const found = checkCredit(lines, reason, {
      required: t('validation.required'),
      noneChosen: t('creditNote.noneChosen'),
      quantityNeeded: t('creditNote.quantityNeeded'),
      nothingCredited: t('creditNote.nothingCredited'),
      unreadable: (key) => t(key),
      tooMuch: (remaining) => t('creditNote.tooMuch', { quantity: quantity(remaining) }),
    }, language);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    // dated by the server the day it is issued (decision 026)
    const body = creditBody(lines, reason, language);
    setBusy(true);
    onBusy(true);
    try {
      const created = await invoiceApi.creditNote(invoice.id, body);
      notifySuccess(t('creditNote.issued', { number: created.number }));
      refresh();
      onClose();
    } catch (failure) {
      const placed: CreditErrors = {};
      const leftover: string[] = [];
      const reasons = failure instanceof ApiRequestError ? failure.errors : [];
      for (const { field, reason: text } of reasons) {
        const key = field ? creditFieldFor(field, body) : null;
        if (key) placed[key] ??= text;
        else leftover.push(labelledReason({ field, reason: text }));
      }
      if (reasons.length === 0) leftover.push(errorReason(failure));
      setErrors(placed);
      if (leftover.length > 0) notifyFailure(t('creditNote.failed'), leftover, operatorOibLink(failure));
      // A refusal about the invoice itself (already fully credited, say): the screen is out of date.
      if (Object.keys(placed).length === 0 && failure instanceof ApiRequestError && failure.status === 409) {
        refresh();
        onClose();
      }
    } finally {
      setBusy(false);
      onBusy(false);
    }
  }

  const storno = isStorno(lines, language);
  const nothing = creditsNothing(lines, language);
  return (
    <form
      noValidate
      aria-label={t('creditNote.action')}
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <Stack>
        <Text size="sm">{t('creditNote.intro')}</Text>
        <Table aria-label={t('creditNote.lines')} verticalSpacing="xs">
          <Table.Tbody>
            {lines.map((line) => {
              const nothingLeft = line.remainingMilli === 0;
              const unit = t(`units.${line.unit}_short`);
              return (
                <Table.Tr key={line.lineId}>
                  <Table.Td w={36} style={{ verticalAlign: 'top', paddingTop: 14 }}>
                    <Checkbox
                      aria-label={t('creditNote.lineCheck', { name: line.description })}
                      checked={line.checked}
                      disabled={nothingLeft || busy}
                      onChange={(event) => change(line.lineId, { checked: event.currentTarget.checked })}
                    />
                  </Table.Td>
                  <Table.Td style={{ verticalAlign: 'top', paddingTop: 10 }}>
                    <Text size="sm" fw={500} c={nothingLeft ? 'dimmed' : undefined}>
                      {line.description}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {nothingLeft
                        ? t('creditNote.nothingLeft')
                        : t('creditNote.remaining', { quantity: quantity(line.remainingMilli), unit })}
                    </Text>
                  </Table.Td>
                  <Table.Td w={170} style={{ verticalAlign: 'top' }}>
                    <DecimalInput
                      aria-label={t('creditNote.quantityFor', { name: line.description })}
                      value={line.quantity}
                      onChange={(event) => change(line.lineId, { quantity: event.currentTarget.value })}
                      disabled={nothingLeft || !line.checked || busy}
                      suffix={unit}
                      error={errors[lineKey(line.lineId)]}
                    />
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
        {/* "nothing would be credited" is said once, in the box below */}
        {errors.lines && !nothing && (
          <Text size="sm" c="red" role="alert">
            {errors.lines}
          </Text>
        )}
        <Alert variant="light" color={nothing ? 'gray' : storno ? 'orange' : 'blue'} icon={<IconInfoCircle size={18} />} p="xs">
          <Text size="sm">
            {nothing ? t('creditNote.nothingCredited') : storno ? t('creditNote.storno') : t('creditNote.partial')}
          </Text>
        </Alert>
        <Textarea
          label={t('creditNote.reason')}
          placeholder={t('creditNote.reasonPlaceholder')}
          withAsterisk
          autosize
          minRows={2}
          maxLength={500}
          value={reason}
          onChange={(event) => {
            setReason(event.currentTarget.value);
            clearError('reason');
          }}
          error={errors.reason}
          disabled={busy}
          data-autofocus
        />
        <Text size="sm" c="dimmed">
          {t('creditNote.billingDateToday', { date: formatDay(today, language) })}
        </Text>
        <ActionBar>
          <Button variant="default" onClick={onClose} disabled={busy}>
            {t('creditNote.cancel')}
          </Button>
          <Button type="submit" color="orange" loading={busy}>
            {t('creditNote.submit')}
          </Button>
        </ActionBar>
      </Stack>
    </form>
  );
}
