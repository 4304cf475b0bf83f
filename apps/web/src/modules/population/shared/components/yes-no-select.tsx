import { Select, type SelectProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';

interface YesNoSelectProps extends Omit<SelectProps, 'value' | 'onChange' | 'data'> {
  value?: boolean | null;
  onChange?: (value: boolean | null) => void;
}

/**
 * A yes / no / unknown choice. A checkbox would turn 'not asked yet' into 'no',
 * which for literacy or pregnancy is a different fact.
 */
export function YesNoSelect({ value, onChange, ...props }: YesNoSelectProps) {
  const { t } = useTranslation('population');
  return (
    <Select
      {...props}
      clearable
      placeholder={t('common.unknown')}
      data={[
        { value: 'Y', label: t('common.yes') },
        { value: 'N', label: t('common.no') },
      ]}
      value={value === true ? 'Y' : value === false ? 'N' : null}
      onChange={(v) => onChange?.(v === 'Y' ? true : v === 'N' ? false : null)}
    />
  );
}
