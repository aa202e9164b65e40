// Sending invoices by e-mail. Other features use only what this file exports (decision 020); the
// dialog's code loads on its first open (SendEmailDialog), and a screen's chunk keeps only what it uses.
export { EmailHistory } from './EmailHistory';
export { formatSentAt } from './formatSentAt';
export { SendEmailDialog } from './SendEmailDialog';
export type { SendEmailTarget } from './SendEmailModal';
export { EmailSettingsTab } from './EmailSettingsTab';
export { SentMark } from './SentMark';
