import { useState } from 'react';
import { Alert, Anchor, Button, Checkbox, Group, Modal, Paper, Radio, Stack, Text, TextInput, Textarea, Title } from '@mantine/core';
import { IconAlertCircle, IconBan, IconCalendarCheck, IconSend } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  type ReceivedDocument, type ReceivedRejection, type RejectionType, REJECTION_REASON_MAX, REJECTION_TYPES, formatDateTime, formatMoney, todayInZagreb,
} from '@faktura/shared';
import { ActionBar } from '../../components/ActionBar';
import { useDialogFullScreen } from '../../components/useDialogFullScreen';
import { ApiRequestError, errorReason } from '../../lib/apiError';
import { currentLanguage } from '../../lib/i18n';
import { notifyApiError, notifySuccess } from '../../lib/notify';
import { formatDay } from '../invoices';
import { rejectReceived, rejectionReportedByHand, reportRejectionNow } from './api';

/**
 * The rejection of a received e-invoice (decision 040): "Reject" while it is not rejected (a dialog
 * with the reason type explained, the reason with its counter and, for a paid one, a confirmation),
 * then the rejection and where its report to the Tax Administration stands: "Report now" for a
 * refused one, "Mark as reported" for one the user reports in FiskAplikacija, and what the
 * intermediary (moj-eRačun) was told (decision 042).
 */
export function ReceivedRejection({ doc, onChanged }: { doc: ReceivedDocument; onChanged: () => void }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const [opened, setOpened] = useState(false);
  const [byHand, setByHand] = useState(false);
  const [busy, setBusy] = useState(false);
  const rejection = doc.rejection;
  const intermediaryRefused = rejection?.intermediary?.status === 'FAILED' || rejection?.intermediary?.status === 'SUPPLIER_FAILED';

  async function again() {
    setBusy(true);
    try {
      await reportRejectionNow(doc.id);
      notifySuccess(t(rejection?.report.status === 'FAILED' ? 'inboxReject.report.reportNowDone' : 'inboxReject.intermediary.sendAgainDone', { number: doc.number }));
      onChanged();
    } catch (failure) {
      notifyApiError(failure);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Paper withBorder p="md" component="section" aria-label={t('inboxReject.title')}>
      <Group justify="space-between" align="flex-start" gap="sm" mb="sm">
        <Title order={2} size="h4">
          {t('inboxReject.title')}
        </Title>
        {!rejection && doc.state !== 'REJECTED' && (
          <Button color="red" variant="light" leftSection={<IconBan size={18} />} onClick={() => setOpened(true)}>
            {t('inboxReject.reject')}
          </Button>
        )}
      </Group>
      {rejection ? (
        <Stack gap={4} data-testid="received-rejection">
          <Text fw={600}>{t('inboxReject.rejectedOn', { date: formatDay(rejection.date, language), operator: rejection.operator })}</Text>
          <Text size="sm">
            {t('inboxReject.type')}: {rejection.type} — {t(`inboxReject.types.${rejection.type}`)}
          </Text>
          <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {t('inboxReject.reason')}: {rejection.reason}
          </Text>
          {rejection.wasPaid && (
            <Text size="sm" c="dimmed">
              {t('inboxReject.wasPaid')}
            </Text>
          )}
          <Text
            size="sm"
            c={rejection.report.status === 'FAILED' ? 'red' : rejection.report.status === 'REPORTED' || rejection.report.status === 'REPORTED_BY_HAND' ? 'green' : undefined}
            data-testid="rejection-report"
          >
            {t(`inboxReject.report.${rejection.report.status}`, {
              deadline: formatDay(rejection.report.deadline, language),
              at: rejection.report.reportedAt ? formatDay(rejection.report.reportedAt.slice(0, 10), language) : '',
              code: rejection.report.error?.code ?? '',
              reason: rejection.report.error?.reason ?? '',
            })}
          </Text>
          {rejection.report.error && rejection.report.status !== 'FAILED' && (
            <Text size="sm" c="dimmed" data-testid="rejection-report-error">
              {t(rejection.report.status === 'REPORTED' ? 'inboxReject.report.alreadyRecorded' : 'inboxReject.report.lastAttempt', {
                code: rejection.report.error.code,
                reason: rejection.report.error.reason,
              })}
            </Text>
          )}
          {rejection.report.waitingForReceipt && (
            <Text size="sm" c="dimmed">
              {t('inboxReject.report.waitingForReceipt')}
            </Text>
          )}
          {rejection.intermediary && <IntermediaryLines intermediary={rejection.intermediary} />}
          {(rejection.report.status === 'FAILED' || intermediaryRefused || rejection.report.status === 'NONE') && (
            <Group gap="sm" mt="xs">
              {(rejection.report.status === 'FAILED' || intermediaryRefused) && (
                <Button variant="light" leftSection={<IconSend size={18} />} onClick={() => void again()} loading={busy}>
                  {t(rejection.report.status === 'FAILED' ? 'inboxReject.report.reportNow' : 'inboxReject.intermediary.sendAgain')}
                </Button>
              )}
              {rejection.report.status === 'NONE' && (
                <Button variant="light" leftSection={<IconCalendarCheck size={18} />} onClick={() => setByHand(true)}>
                  {t('inboxReject.report.markReported')}
                </Button>
              )}
            </Group>
          )}
        </Stack>
      ) : (
        <Text size="sm" c="dimmed">
          {t('inboxReject.notRejected')}
        </Text>
      )}
      {opened && <RejectModal doc={doc} onClose={() => setOpened(false)} onRejected={onChanged} />}
      {byHand && rejection && <ReportedByHandModal doc={doc} rejection={rejection} onClose={() => setByHand(false)} onDone={onChanged} />}
    </Paper>
  );
}

/** What the intermediary is asked and where it stands: taken, refused in its words, or tried again (decision 042). */
function IntermediaryLines({ intermediary }: { intermediary: NonNullable<ReceivedRejection['intermediary']> }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const asked = intermediary.reports && intermediary.tellsSupplier ? 'both' : intermediary.reports ? 'report' : 'supplier';
  const refused = intermediary.status === 'FAILED' || intermediary.status === 'SUPPLIER_FAILED';
  const open = intermediary.status === 'PENDING' || intermediary.status === 'REPORTED';
  return (
    <Stack gap={2} data-testid="rejection-intermediary">
      <Text size="sm">{t(`inboxReject.intermediary.asked.${asked}`)}</Text>
      <Text size="sm" c={refused ? 'red' : intermediary.status === 'DONE' ? 'green' : undefined} style={{ overflowWrap: 'anywhere' }}>
        {t(`inboxReject.intermediary.${intermediary.status}`, { error: intermediary.error ?? '' })}
      </Text>
      {intermediary.notSetUp && (
        <Text size="sm" c="orange.8" data-testid="rejection-intermediary-not-set-up">
          {t('inboxReject.intermediary.notSetUp')}{' '}
          <Anchor component={Link} to="/Settings?tab=delivery" size="sm">{t('inboxReject.intermediary.setUp')}</Anchor>
        </Text>
      )}
      {open && intermediary.error && (
        <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          {t('inboxReject.intermediary.retrying', { error: intermediary.error, at: intermediary.nextAttemptAt ? formatDateTime(intermediary.nextAttemptAt, language) : '' })}
        </Text>
      )}
    </Stack>
  );
}

/** "Mark as reported": the day the user reported it (from the day of the rejection to today). */
function ReportedByHandModal({ doc, rejection, onClose, onDone }: { doc: ReceivedDocument; rejection: ReceivedRejection; onClose: () => void; onDone: () => void }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const fullScreen = useDialogFullScreen();
  const today = todayInZagreb();
  const [date, setDate] = useState(today);
  const [errors, setErrors] = useState<{ date?: string; other?: string }>({});
  const [busy, setBusy] = useState(false);

  async function submit() {
    if (!date) {
      setErrors({ date: t('validation.required') });
      return;
    }
    setBusy(true);
    setErrors({});
    try {
      await rejectionReportedByHand(doc.id, { date });
      notifySuccess(t('inboxReject.byHand.done', { number: doc.number }));
      onDone();
      onClose();
    } catch (failure) {
      const shown: typeof errors = {};
      if (failure instanceof ApiRequestError) {
        for (const { field, reason } of failure.errors) shown[field === 'date' ? 'date' : 'other'] ??= reason;
      } else shown.other = errorReason(failure);
      setErrors(shown);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal opened onClose={busy ? () => undefined : onClose} title={t('inboxReject.byHand.title')} fullScreen={fullScreen} centered>
      <Stack>
        <Text size="sm">{t('inboxReject.byHand.intro', { number: doc.number })}</Text>
        {errors.other && (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
            {errors.other}
          </Alert>
        )}
        <TextInput
          type="date"
          label={t('inboxReject.byHand.date')}
          description={t('inboxReject.byHand.dateHelp', { from: formatDay(rejection.date, language) })}
          value={date}
          min={rejection.date}
          max={today}
          onChange={(event) => {
            setDate(event.currentTarget.value);
            setErrors({});
          }}
          error={errors.date}
          withAsterisk
          data-autofocus
        />
        <ActionBar>
          <Button variant="default" onClick={onClose} disabled={busy}>
            {t('recordActions.cancel')}
          </Button>
          <Button onClick={() => void submit()} loading={busy}>
            {t('inboxReject.byHand.submit')}
          </Button>
        </ActionBar>
      </Stack>
    </Modal>
  );
}

function RejectModal({ doc, onClose, onRejected }: { doc: ReceivedDocument; onClose: () => void; onRejected: () => void }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const fullScreen = useDialogFullScreen();
  const [type, setType] = useState<RejectionType | null>(null);
  const [reason, setReason] = useState('');
  const [confirmPaid, setConfirmPaid] = useState(false);
  const [errors, setErrors] = useState<{ type?: string; reason?: string; other?: string }>({});
  const [busy, setBusy] = useState(false);
  const paid = doc.paidCents > 0;

  async function submit() {
    const problems: typeof errors = {};
    if (!type) problems.type = t('validation.required');
    if (!reason.trim()) problems.reason = t('inboxReject.dialog.reasonRequired');
    if (problems.type || problems.reason) {
      setErrors(problems);
      return;
    }
    setBusy(true);
    setErrors({});
    try {
      await rejectReceived(doc.id, { type: type!, reason: reason.trim(), ...(paid ? { confirmPaid } : {}) });
      notifySuccess(t('inboxReject.dialog.rejected', { number: doc.number }));
      onRejected();
      onClose();
    } catch (failure) {
      const shown: typeof errors = {};
      if (failure instanceof ApiRequestError) {
        for (const { field, reason: text } of failure.errors) {
          const place = field === 'type' ? 'type' : field === 'reason' ? 'reason' : 'other';
          shown[place] ??= text;
        }
      } else shown.other = errorReason(failure);
      setErrors(shown);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal opened onClose={busy ? () => undefined : onClose} title={t('inboxReject.dialog.title', { number: doc.number })} fullScreen={fullScreen} centered size="lg">
      <Stack>
        <Text size="sm">{t('inboxReject.dialog.intro', { number: doc.number, supplier: doc.supplierName })}</Text>
        {errors.other && (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
            {errors.other}
          </Alert>
        )}
        <Radio.Group
          label={t('inboxReject.type')}
          value={type}
          onChange={(value) => {
            setType(value as RejectionType);
            setErrors((e) => ({ ...e, type: undefined }));
          }}
          error={errors.type}
          withAsterisk
        >
          <Stack gap="xs" mt={4}>
            {REJECTION_TYPES.map((value) => (
              <Radio key={value} value={value} label={`${value} — ${t(`inboxReject.types.${value}`)}`} description={t(`inboxReject.typeHints.${value}`)} />
            ))}
          </Stack>
        </Radio.Group>
        <Textarea
          label={t('inboxReject.reason')}
          placeholder={t('inboxReject.dialog.reasonPlaceholder')}
          value={reason}
          maxLength={REJECTION_REASON_MAX}
          autosize
          minRows={3}
          maxRows={8}
          onChange={(event) => {
            setReason(event.currentTarget.value);
            setErrors((e) => ({ ...e, reason: undefined }));
          }}
          error={errors.reason}
          description={t('inboxReject.dialog.counter', { used: reason.length, max: REJECTION_REASON_MAX })}
          withAsterisk
        />
        {paid && (
          <Alert color="orange" variant="light" icon={<IconAlertCircle size={18} />}>
            <Stack gap="xs">
              <Text size="sm">{t('inboxReject.dialog.paidWarning', { paid: formatMoney(doc.paidCents, doc.currency, language) })}</Text>
              <Checkbox label={t('inboxReject.dialog.confirmPaid')} checked={confirmPaid} onChange={(event) => setConfirmPaid(event.currentTarget.checked)} />
            </Stack>
          </Alert>
        )}
        <ActionBar>
          <Button variant="default" onClick={onClose} disabled={busy}>
            {t('recordActions.cancel')}
          </Button>
          <Button color="red" onClick={() => void submit()} loading={busy} disabled={paid && !confirmPaid}>
            {t('inboxReject.dialog.submit')}
          </Button>
        </ActionBar>
      </Stack>
    </Modal>
  );
}
