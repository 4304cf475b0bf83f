import { SegmentedControl } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, setLanguage, type Language } from '../lib/i18n';

/** es / en switch; the group carries an aria-label so tests and screen readers find it. */
export function LanguageSwitch() {
  const { t, i18n } = useTranslation();
  const current: Language = i18n.language.startsWith('en') ? 'en' : 'es';
  return (
    <SegmentedControl
      size="xs"
      aria-label={t('common:shell.language')}
      value={current}
      onChange={(value) => setLanguage(value as Language)}
      data={LANGUAGES.map((lang) => ({ value: lang, label: t(`common:languages.${lang}`) }))}
    />
  );
}
