import { TimePicker, type TimePickerProps } from '@mantine/dates';
import { useTranslation } from 'react-i18next';

/**
 * A time of day as 'HH:mm', always on a 24-hour clock (issue 11 item 5). The
 * browser's own time input follows the browser's locale, so an English browser
 * showed AM/PM under a hint that said 24 hours; this one does not.
 */
export function TimeField(props: Omit<TimePickerProps, 'format' | 'withSeconds'>) {
  const { t } = useTranslation();
  return (
    <TimePicker
      hoursInputLabel={t('common:time.hours')}
      minutesInputLabel={t('common:time.minutes')}
      hoursPlaceholder={t('common:time.hoursPlaceholder')}
      minutesPlaceholder={t('common:time.minutesPlaceholder')}
      {...props}
      format="24h"
      withSeconds={false}
    />
  );
}
