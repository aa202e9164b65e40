import { notifications } from '@mantine/notifications';
import { NOTIFICATION_AUTO_CLOSE_MS } from '../lib/notify';

/**
 * An error toast that says which action failed in its title ("Unable to create Client!") and why in
 * its message (the server's reason). lib/notify's notifyError always titles "Error", which is too
 * vague when a dialog has just closed or several saves run.
 */
export function notifyFailure(title: string, reasons: string | string[]): void {
  const message = Array.isArray(reasons) ? reasons.join('\n') : reasons;
  notifications.show({
    title,
    message,
    color: 'red',
    autoClose: NOTIFICATION_AUTO_CLOSE_MS,
    style: { whiteSpace: 'pre-line' },
  });
}
