import { notifications } from '@mantine/notifications';
import { errorReason } from './apiError';
import { i18n } from './i18n';

/** Toasts stay three seconds (product spec, section 9); the provider uses the same default. */
export const NOTIFICATION_AUTO_CLOSE_MS = 3000;

/** A green toast; `title` replaces the generic "Success" when it says more (e.g. "Invoice issued"). */
export function notifySuccess(message: string, title?: string): void {
  notifications.show({
    title: title ?? i18n.t('notify.success'),
    message,
    color: 'green',
    autoClose: NOTIFICATION_AUTO_CLOSE_MS,
  });
}

export function notifyError(message: string): void {
  notifications.show({
    title: i18n.t('notify.error'),
    message,
    color: 'red',
    autoClose: NOTIFICATION_AUTO_CLOSE_MS,
  });
}

/** Shows what went wrong with an API call: the server's reason, or a generic text. */
export function notifyApiError(error: unknown): void {
  notifyError(errorReason(error));
}
