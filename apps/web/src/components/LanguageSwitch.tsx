import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, type Language } from '@faktura/shared';
import { currentLanguage, setLanguage } from '../lib/i18n';
import { notifyError } from '../lib/notify';
import './languageSwitch.css';

/**
 * HR / EN toggle; the choice is remembered for the next visit. The other language's texts download
 * on the first switch; if they cannot (no connection), the toggle stays and a toast says why.
 *
 * Two native radio buttons drawn as Mantine's segmented control (languageSwitch.css), not Mantine's
 * SegmentedControl: that one measures its moving indicator while the page first renders, a forced
 * layout of ~70 ms on a phone's CPU on every first screen, and brings ~1.4 KiB of code with it
 * (issue 9). Arrow keys move between the two as in any radio group.
 */
export function LanguageSwitch() {
  // useTranslation re-renders this on every language change, so the value below stays current.
  const { t } = useTranslation();
  const value = currentLanguage();
  const name = useId();
  const choose = (language: Language) => void setLanguage(language).catch(() => notifyError(t('language.unavailable')));
  return (
    <div role="radiogroup" aria-label={t('language.label')} className="fk-language-switch">
      {LANGUAGES.map((language) => (
        // Codes need no translation; the full name is a hover hint.
        <label key={language} title={t(`language.${language}`)}>
          <input type="radio" name={name} value={language} checked={language === value} onChange={() => choose(language)} />
          <span>{language.toUpperCase()}</span>
        </label>
      ))}
    </div>
  );
}
