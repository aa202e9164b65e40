import { records } from './records';
import { settings } from './settings';
import { creditNote } from './creditNote';
import { invoiceForm } from './invoiceForm';
import { print } from './print';
import { preview } from './preview';
import { audit } from './audit';
import { email } from './email';
import { kpr } from './kpr';
import { fiscalization } from './fiscalization';
import { reports } from './reports';
import { payments } from './payments';
import { delivery } from './delivery';
import { inbox } from './inbox';
import { inboxPayments } from './inboxPayments';
import { inboxReject } from './inboxReject';
import { quotes } from './quotes';
import { advances } from './advances';

/** The English texts of every screen and dialog but the first ones (`./first`), loaded with their code. */
export const enRest = { ...records, ...settings, ...creditNote, ...invoiceForm, ...print, ...preview, ...audit, ...email, ...kpr, ...fiscalization, ...reports, ...payments, ...delivery, ...inbox, ...inboxPayments, ...inboxReject, ...quotes, ...advances } as const;
