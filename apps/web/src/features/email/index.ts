export { EmailHistory } from './EmailHistory';
export { formatSentAt } from './formatSentAt';
export { SendEmailButton } from './SendEmailButton';
export { SendEmailDialog } from './SendEmailDialog';
export type { SendEmailTarget } from './SendEmailModal';
export { EmailSettingsTab } from './EmailSettingsTab';
export { SentMark } from './SentMark';
