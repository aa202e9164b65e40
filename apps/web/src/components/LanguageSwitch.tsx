import { SegmentedControl, type MantineSize } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, type Language } from '@faktura/shared';
import { currentLanguage, setLanguage } from '../lib/i18n';
import { notifyError } from '../lib/notify';

/**
 * HR / EN toggle; the choice is remembered for the next visit. The other language's texts download
 * on the first switch; if they cannot (no connection), the toggle stays and a toast says why.
 */
export function LanguageSwitch({ size = 'xs' }: { size?: MantineSize }) {
  // useTranslation re-renders this on every language change, so the value below stays current.
  const { t } = useTranslation();
  const value = currentLanguage();
  return (
    <SegmentedControl
      aria-label={t('language.label')}
      size={size}
      value={value}
      onChange={(next) => void setLanguage(next as Language).catch(() => notifyError(t('language.unavailable')))}
      data={LANGUAGES.map((language) => ({
        value: language,
        // Codes need no translation; the full name is a hover hint.
        label: <span title={t(`language.${language}`)}>{language.toUpperCase()}</span>,
      }))}
    />
  );
}
