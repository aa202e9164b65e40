import { useState } from 'react';
import {
  Alert,
  Anchor,
  Button,
  List,
  Modal,
  Stack,
  TagsInput,
  Text,
  TextInput,
  Textarea,
} from '@mantine/core';
import { IconAlertCircle, IconMailForward, IconPaperclip } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { DocumentType, EmailKind, InvoiceEmailDraft } from '@faktura/shared';
import { useDialogFullScreen } from '../../components/useDialogFullScreen';
import { ApiRequestError, errorReason, labelledReason } from '../../lib/apiError';
import { notifySuccess } from '../../lib/notify';
import { sendInvoiceEmail, useEmailDraft, useRefreshAfterSending } from './api';
import { ActionBar } from '../../components/ActionBar';

export interface SendEmailTarget {
  invoiceId: number;
  number: string;
  kind: EmailKind;
  /** A credit note's dialog names it as one; left out: an invoice (a reminder is always one). */
  documentType?: DocumentType;
}

/** The dialog's title, naming the document by its kind: invoice, credit note, or a reminder of an invoice. */
function titleKey(target: SendEmailTarget) {
  if (target.kind === 'reminder') return 'email.send.reminderTitle' as const;
  return target.documentType === 'CREDIT_NOTE' ? ('email.send.titleCreditNote' as const) : ('email.send.title' as const);
}

/**
 * "Send by e-mail" / "Send reminder": proposes the client's address, and the subject and body from
 * the template in the invoice's language, all editable; lists what is attached; answers once the
 * mail server accepted or refused the message. A refusal stays in the dialog to be retried.
 */
export function SendEmailModal({ target, onClose }: { target: SendEmailTarget | null; onClose: () => void }) {
  const fullScreen = useDialogFullScreen();
  // Kept while the dialog fades out, so its content does not vanish halfway through the fade.
  const [shown, setShown] = useState(target);
  if (target !== null && target !== shown) setShown(target);
  const [busy, setBusy] = useState(false);
  const { t } = useTranslation();
  const title = shown ? t(titleKey(shown), { number: shown.number }) : '';
  return (
    <Modal
      opened={target !== null}
      onClose={busy ? () => undefined : onClose}
      size="lg"
      fullScreen={fullScreen}
      centered
      title={title}
      closeButtonProps={{ 'aria-label': t('email.send.cancel') }}
    >
      {shown && (
        <DraftLoader
          key={`${shown.invoiceId}-${shown.kind}-${target === null ? 'closing' : 'open'}`}
          target={shown}
          onBusy={setBusy}
          onClose={onClose}
        />
      )}
    </Modal>
  );
}

function DraftLoader({
  target,
  onBusy,
  onClose,
}: {
  target: SendEmailTarget;
  onBusy: (busy: boolean) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const draft = useEmailDraft(target.invoiceId, target.kind);
  if (draft.error) {
    return (
      <Alert role="alert" color="red" variant="light" icon={<IconAlertCircle size={18} />}>
        {errorReason(draft.error)}
      </Alert>
    );
  }
  if (!draft.data) return <Text c="dimmed">{t('settings.loading')}</Text>;
  return <SendForm target={target} draft={draft.data} onBusy={onBusy} onClose={onClose} />;
}

type Field = 'to' | 'cc' | 'subject' | 'body';

/** Pasted or typed at once, "a@b.hr, c@d.hr;" is two addresses, not one with a comma. */
export const splitAddresses = (values: string[]) => [
  ...new Set(values.flatMap((value) => value.split(/[\s,;]+/)).filter((value) => value !== '')),
];

function SendForm({
  target,
  draft,
  onBusy,
  onClose,
}: {
  target: SendEmailTarget;
  draft: InvoiceEmailDraft;
  onBusy: (busy: boolean) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const refresh = useRefreshAfterSending();
  const [to, setTo] = useState(draft.to);
  const [cc, setCc] = useState(draft.cc);
  const [subject, setSubject] = useState(draft.subject);
  const [body, setBody] = useState(draft.body);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [failure, setFailure] = useState<{ reason: string; serverResponse: string | null } | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit() {
    setFailure(null);
    setErrors({});
    if (to.length === 0) {
      setErrors({ to: t('validation.required') });
      return;
    }
    setBusy(true);
    onBusy(true);
    try {
      const record = await sendInvoiceEmail(target.invoiceId, { to, cc, subject, body, kind: target.kind });
      void refresh(target.invoiceId);
      if (record.status === 'SENT') {
        notifySuccess(t('email.send.sent', { to: record.to.join(', ') }));
        onClose();
      } else {
        setFailure({ reason: record.reason ?? '', serverResponse: record.serverResponse });
      }
    } catch (error) {
      const found: Partial<Record<Field, string>> = {};
      const rest: string[] = [];
      if (error instanceof ApiRequestError) {
        for (const e of error.errors) {
          const field = e.field?.split('.')[0] as Field | undefined;
          if (field && ['to', 'cc', 'subject', 'body'].includes(field) && !found[field])
            found[field] = e.reason;
          else rest.push(labelledReason(e));
        }
      } else rest.push(errorReason(error));
      setErrors(found);
      if (rest.length > 0) setFailure({ reason: rest.join('\n'), serverResponse: null });
    } finally {
      setBusy(false);
      onBusy(false);
    }
  }

  return (
    <form
      noValidate
      aria-label={t(titleKey(target), { number: target.number })}
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <Stack>
        {!draft.ready && (
          <Alert color="yellow" variant="light" icon={<IconAlertCircle size={18} />}>
            {t('email.send.notReady')}{' '}
            <Anchor component={Link} to="/Settings?tab=email">
              {t('email.send.settingsLink')}
            </Anchor>
          </Alert>
        )}
        {failure && (
          <Alert role="alert" color="red" variant="light" icon={<IconAlertCircle size={18} />}>
            <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
              {t('email.send.failed', { reason: failure.reason })}
            </Text>
            {failure.serverResponse && (
              <Text size="xs" c="dimmed">
                {t('email.settings.serverSaid', { response: failure.serverResponse })}
              </Text>
            )}
          </Alert>
        )}
        <TagsInput
          label={t('email.send.to')}
          description={t('email.send.addressesHelp')}
          value={to}
          onChange={(values) => setTo(splitAddresses(values))}
          splitChars={[',', ';', ' ']}
          acceptValueOnBlur
          clearable
          withAsterisk
          error={errors.to}
        />
        <TagsInput
          label={t('email.send.cc')}
          value={cc}
          onChange={(values) => setCc(splitAddresses(values))}
          splitChars={[',', ';', ' ']}
          acceptValueOnBlur
          clearable
          error={errors.cc}
        />
        {draft.bcc && (
          <Text size="sm" c="dimmed">
            {t('email.send.bcc', { address: draft.bcc })}
          </Text>
        )}
        <TextInput
          label={t('email.send.subject')}
          value={subject}
          onChange={(e) => setSubject(e.currentTarget.value)}
          error={errors.subject}
        />
        <Textarea
          label={t('email.send.body')}
          value={body}
          onChange={(e) => setBody(e.currentTarget.value)}
          autosize
          minRows={8}
          maxRows={16}
          error={errors.body}
        />
        <Text size="sm">
          {t(target.documentType === 'CREDIT_NOTE' && target.kind === 'invoice' ? 'email.send.languageCreditNote' : 'email.send.language', {
            language: t(`email.send.languages.${draft.language}`),
          })}
        </Text>
        <div>
          <Text size="sm" fw={500}>
            {t('email.send.attachments')}
          </Text>
          <List
            size="sm"
            icon={<IconPaperclip size={14} aria-hidden />}
            aria-label={t('email.send.attachments')}
          >
            {draft.attachments.map((name) => (
              <List.Item key={name}>{name}</List.Item>
            ))}
          </List>
        </div>
        <ActionBar>
          <Button variant="default" onClick={onClose} disabled={busy}>
            {t('email.send.cancel')}
          </Button>
          <Button
            type="submit"
            loading={busy}
            disabled={!draft.ready}
            leftSection={<IconMailForward size={16} />}
          >
            {t('email.send.submit')}
          </Button>
        </ActionBar>
      </Stack>
    </form>
  );
}
