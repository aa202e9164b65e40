import { createElement, type ReactNode } from 'react';
import { notifications } from '@mantine/notifications';
import { errorReason } from './apiError';
import { i18n } from './i18n';

/** Success toasts stay three seconds (product spec, section 9); the provider uses the same default. */
export const NOTIFICATION_AUTO_CLOSE_MS = 3000;

/** The close button of every toast, named in the UI language. */
function closeButtonProps() {
  return { 'aria-label': i18n.t('notify.close') };
}

/**
 * A green toast saying what happened ("Nacrt je spremljen", "Klijent je spremljen"); a `title` above
 * it when the message needs one (e.g. "Račun je izdan" over the number). No generic "Uspjeh" title (issue 31).
 */
export function notifySuccess(message: string, title?: string): void {
  notifications.show({
    title,
    message,
    color: 'green',
    autoClose: NOTIFICATION_AUTO_CLOSE_MS,
    closeButtonProps: closeButtonProps(),
  });
}

/**
 * A red toast that says why something was refused. It stays until the user closes it: a reason
 * that vanishes after three seconds is easily missed while one is still reading the form.
 * `message` may hold several reasons, one a line.
 */
export function notifyFailure(title: string, reasons: string | string[], after?: ReactNode): void {
  const text = Array.isArray(reasons) ? reasons.join('\n') : reasons;
  notifications.show({
    title,
    message: after ? createElement('div', null, text, createElement('div', null, after)) : text,
    color: 'red',
    autoClose: false,
    closeButtonProps: closeButtonProps(),
    style: { whiteSpace: 'pre-line' },
  });
}

/** An error toast under the generic title "Error". */
export function notifyError(message: string): void {
  notifyFailure(i18n.t('notify.error'), message);
}

/** Shows what went wrong with an API call: the server's reason, or a generic text. */
export function notifyApiError(error: unknown): void {
  notifyError(errorReason(error));
}
