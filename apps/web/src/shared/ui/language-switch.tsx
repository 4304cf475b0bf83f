import { useTranslation } from 'react-i18next';
import { LANGUAGES, setLanguage, type Language } from '../lib/i18n';
import { SegmentedRadios } from './segmented-radios';

/** es / en switch, with an aria-label so tests and assistive technology find it. */
export function LanguageSwitch() {
  const { t, i18n } = useTranslation();
  const current: Language = i18n.language.startsWith('en') ? 'en' : 'es';
  return (
    <SegmentedRadios
      label={t('common:shell.language')}
      value={current}
      options={LANGUAGES.map((lang) => ({ value: lang, label: t(`common:languages.${lang}`) }))}
      onChange={setLanguage}
    />
  );
}
