import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { ParseKeys } from 'i18next';
import type { FieldError } from 'react-hook-form';
import { formatMessageParams } from '@faktura/shared';
import { currentLanguage } from '../../lib/i18n';
import type { KeyedFieldError } from './zodI18nResolver';

/** The type given to errors that came from the server, whose reason is already in the UI language. */
export const SERVER_ERROR = 'server';

/**
 * Texts for the errors under form fields. Schema errors carry an i18n key and are translated on every
 * render, so switching the language re-words them; server reasons are shown as they came.
 */
export function useErrorText() {
  const { t, i18n } = useTranslation();

  /** The text under an input, or undefined when the field is fine. */
  const text = useCallback(
    (error: FieldError | undefined): string | undefined => {
      const message = error?.message;
      if (!message) return undefined;
      if (error.type === SERVER_ERROR || !i18n.exists(message)) return message;
      // i18n.exists has checked that the key exists; the catalogue type cannot know it statically.
      // Its numbers as the language writes them: "najviše 99,99" / "at most 99.99".
      return t(message as ParseKeys, formatMessageParams((error as KeyedFieldError).params ?? {}, currentLanguage()));
    },
    [t, i18n],
  );

  /**
   * Dropdowns show "<label> has issues" (spec §5); a server reason is more useful than that, so it
   * is shown as it came, and so is `missing` ("Choose a client") when nothing was chosen at all.
   */
  const selectText = useCallback(
    (error: FieldError | undefined, label: string, missing?: string): string | undefined => {
      if (!error) return undefined;
      if (error.type === SERVER_ERROR && error.message) return error.message;
      if (missing && error.message === 'validation.required') return missing;
      return t('validation.hasIssues', { label });
    },
    [t],
  );

  return { text, selectText };
}
