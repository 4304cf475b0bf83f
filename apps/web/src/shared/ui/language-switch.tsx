import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, setLanguage, type Language } from '../lib/i18n';
import classes from './language-switch.module.css';

/**
 * es / en switch: a radio group (arrow keys, announced by screen readers) with
 * an aria-label so tests and assistive technology find it. Native radios drawn
 * as a segmented control: Mantine's SegmentedControl measured its indicator
 * after every render, a forced layout of the whole page on each first load
 * (issue 11 item 8).
 */
export function LanguageSwitch() {
  const { t, i18n } = useTranslation();
  const name = useId();
  const current: Language = i18n.language.startsWith('en') ? 'en' : 'es';
  return (
    <div role="radiogroup" aria-label={t('common:shell.language')} className={classes.group}>
      {LANGUAGES.map((lang) => (
        <label key={lang} className={classes.option}>
          <input type="radio" name={name} value={lang} checked={current === lang} onChange={() => setLanguage(lang)} />
          {t(`common:languages.${lang}`)}
        </label>
      ))}
    </div>
  );
}
