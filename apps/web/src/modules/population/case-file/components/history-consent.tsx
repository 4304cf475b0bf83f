import { useTranslation } from 'react-i18next';
import { EMPTY, formatDate } from '../../../../shared/lib/format';

/** The parts of a consent as its history entry records them (person-file.service `setConsent`). */
const PARTS = ['granted', 'givenOn', 'givenBy', 'guardianLinkId', 'documentId', 'notes'] as const;
/** Each part's label under `consents.` (the consents tab's own headers). */
const LABEL: Record<(typeof PARTS)[number], string> = {
  granted: 'granted',
  givenOn: 'givenOn',
  givenBy: 'givenBy',
  guardianLinkId: 'guardian',
  documentId: 'document',
  notes: 'notes',
};

/**
 * A consent's value in a person's history (issue 24 section 6: the history read as the file does): each part with
 * the consents tab's label, who gave it in words, the date as a date, and the guardian and the signed document by
 * the name the server gave for the entry, else as "linked" (their ids say nothing to a reader).
 */
export function ConsentValue({ value, names }: { value: Record<string, unknown>; names: Record<string, string> }) {
  const { t } = useTranslation('population');
  const shown = (part: (typeof PARTS)[number], v: unknown): string => {
    if (v === null || v === undefined || v === '') return EMPTY;
    if (part === 'granted') return v ? t('common.yes') : t('common.no');
    if (part === 'givenOn') return formatDate(String(v));
    if (part === 'givenBy') return v === 'self' ? t('consents.by_self') : t('consents.by_guardian');
    if (part === 'guardianLinkId' || part === 'documentId')
      return names[String(v).toLowerCase()] ?? t('consents.history_linked');
    return String(v);
  };
  return (
    <>
      {PARTS.filter((part) => part in value).map((part, i) => (
        <span key={part}>
          {i > 0 && '; '}
          {t(`consents.${LABEL[part]}`)}: {shown(part, value[part])}
        </span>
      ))}
    </>
  );
}
