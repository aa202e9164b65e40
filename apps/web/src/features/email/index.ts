export { EmailHistory, formatSentAt } from './EmailHistory';
export { SendEmailButton } from './SendEmailButton';
export { SendEmailModal, type SendEmailTarget } from './SendEmailModal';
export { EmailSettingsTab } from './EmailSettingsTab';
export { SentMark } from './SentMark';
