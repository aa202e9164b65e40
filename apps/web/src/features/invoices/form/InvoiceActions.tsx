import { useState } from 'react';
import { Button, Group, Menu } from '@mantine/core';
import { IconBellRinging, IconDots, IconFileTypeXml, IconMail, IconReceiptRefund, IconRepeat, IconSend } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Invoice } from '@faktura/shared';
import { currentLanguage } from '../../../lib/i18n';
import { useSendEInvoice } from '../../delivery';
import { SendEmailDialog, type SendEmailTarget } from '../../email';
import { PrintPreviewButton, useXmlDownload } from '../../print';
import { canCredit } from '../credit/creditable';
import { CreditNoteModal } from '../credit/CreditNoteModal';
import { isRepeatable } from './repeatModel';
import { useStatusActions } from './StatusActions';

/**
 * The invoice page's actions (issue 31 item 7): what a user does most with a document stays in
 * view (preview, send by e-mail, record a payment); the rest waits in "More", so that the row never
 * wraps at 1366 px and stays short on a phone. State changes act at once; they are not part of the
 * form's "Update".
 */
export function InvoiceActions({ invoice, today, onChanged }: { invoice: Invoice; today: string; onChanged: () => void }) {
  const { t } = useTranslation();
  const [email, setEmail] = useState<SendEmailTarget | null>(null);
  const [crediting, setCrediting] = useState(false);
  const xml = useXmlDownload(invoice.id);
  const status = useStatusActions({ invoice, today, onChanged });
  // through the intermediary (issue 32): in view while not yet sent, in "More" once it was
  const delivery = useSendEInvoice(invoice, onChanged);
  const number = invoice.invoiceNumber;
  const issued = invoice.state !== 'DRAFT';
  // a private person's document has no e-invoice (decision 031)
  const hasXml = issued && invoice.clientKind !== 'CONSUMER';
  const creditable = canCredit(invoice);
  const overdue =
    invoice.state === 'PUBLISHED' && invoice.documentType === 'INVOICE' && number !== null && invoice.paymentDueDate < today;
  const repeatable = isRepeatable(invoice);
  const menu = (delivery.offered && !delivery.inView) || hasXml || creditable || overdue || repeatable || (invoice.locked && status.hasItems);

  return (
    <Group gap="sm">
      <PrintPreviewButton invoiceId={invoice.id} />
      {issued && number && (
        <Button
          variant="light"
          color="blue"
          leftSection={<IconMail size={16} />}
          onClick={() => setEmail({ invoiceId: invoice.id, number, kind: 'invoice', documentType: invoice.documentType })}
        >
          {t('email.send.action')}
        </Button>
      )}
      {delivery.inView && (
        <Button variant="light" color="teal" leftSection={<IconSend size={16} />} loading={delivery.busy} onClick={delivery.send}>
          {delivery.label}
        </Button>
      )}
      {invoice.locked && status.buttons}
      {menu && (
        <Menu position="bottom-end" withinPortal>
          <Menu.Target>
            <Button variant="default" leftSection={<IconDots size={16} />} aria-label={t('invoiceForm.moreLabel')} loading={xml.busy}>
              {t('invoiceForm.more')}
            </Button>
          </Menu.Target>
          <Menu.Dropdown>
            {delivery.offered && !delivery.inView && (
              <Menu.Item leftSection={<IconSend size={16} />} onClick={delivery.send} disabled={delivery.busy}>
                {delivery.label}
              </Menu.Item>
            )}
            {hasXml && (
              <Menu.Item leftSection={<IconFileTypeXml size={16} />} onClick={() => void xml.download(currentLanguage())}>
                {t('preview.downloadXml')}
              </Menu.Item>
            )}
            {creditable && (
              <Menu.Item color="orange" leftSection={<IconReceiptRefund size={16} />} onClick={() => setCrediting(true)}>
                {t('creditNote.action')}
              </Menu.Item>
            )}
            {overdue && (
              <Menu.Item
                color="orange"
                leftSection={<IconBellRinging size={16} />}
                onClick={() => setEmail({ invoiceId: invoice.id, number, kind: 'reminder' })}
              >
                {t('invoices.reminderAction')}
              </Menu.Item>
            )}
            {repeatable && (
              <Menu.Item
                component={Link}
                to={`/Invoices/NewInvoice?from=${invoice.id}`}
                color="grape"
                leftSection={<IconRepeat size={16} />}
                title={t('invoiceForm.repeat.hint')}
              >
                {t('invoiceForm.repeat.action')}
              </Menu.Item>
            )}
            {invoice.locked && status.items}
          </Menu.Dropdown>
        </Menu>
      )}
      <SendEmailDialog target={email} onClose={() => setEmail(null)} />
      {delivery.offered && delivery.dialog}
      {creditable && <CreditNoteModal invoiceId={crediting ? invoice.id : null} today={today} onClose={() => setCrediting(false)} />}
      {invoice.locked && status.dialogs}
    </Group>
  );
}
