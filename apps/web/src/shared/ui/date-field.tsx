import { DateInput, DatesProvider, type DateInputProps } from '@mantine/dates';
import { useTranslation } from 'react-i18next';
import 'dayjs/locale/es';

type Props = Omit<DateInputProps, 'value' | 'onChange' | 'valueFormat'> & {
  /** The date as the API takes it ('2026-11-28'), or null. */
  value: string | null;
  onChange: (value: string | null) => void;
};

/**
 * The app's date field (issue 24 section 6, item 8): Mantine's calendar in the page's language, showing and
 * taking dates as AAAA-MM-DD whatever the browser's locale (a browser `type="date"` input shows the operating
 * system's format, 28/11/2026 or 11/28/2026, and its own calendar). Clearable; the value is the date string.
 */
export function DateField({ value, onChange, ...rest }: Props) {
  const { t, i18n } = useTranslation('common');
  return (
    <DatesProvider settings={{ locale: i18n.language.startsWith('en') ? 'en' : 'es', firstDayOfWeek: 0 }}>
      <DateInput
        valueFormat="YYYY-MM-DD"
        placeholder={t('dateField.placeholder')}
        clearable
        {...rest}
        value={value}
        onChange={(v) => onChange(v || null)}
      />
    </DatesProvider>
  );
}
