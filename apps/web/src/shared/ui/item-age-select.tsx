import { useTranslation } from 'react-i18next';
import { ITEM_AGES, type ItemAge } from '@amparo/shared/limits';
import { LazySelect } from './lazy-select/lazy-select';

/** The option meaning "no age filter"; never sent (the param is left out of the URL and the request). */
const ANY = 'any';

interface ItemAgeSelectProps {
  /** The list's `age` search param; undefined = any age. */
  value: ItemAge | undefined;
  onChange: (value: ItemAge | undefined) => void;
  w?: number;
}

/**
 * The age-of-item filter of a list (spec section 9: today, yesterday, a week, a month, two months ago), on
 * the record's creation in America/Guatemala time (the rule is in the server's `lib/item-age.ts`). A list adds it
 * with this control and `age: <listQuery>.shape.age.catch(undefined)` in its search schema.
 */
export function ItemAgeSelect({ value, onChange, w = 180 }: ItemAgeSelectProps) {
  const { t } = useTranslation();
  const data = [
    { value: ANY, label: t('common:itemAge.any') },
    ...ITEM_AGES.map((age) => ({ value: age, label: t(`common:itemAge.${age}`) })),
  ];
  return (
    <LazySelect
      label={t('common:itemAge.label')}
      w={w}
      allowDeselect={false}
      data={data}
      value={value ?? ANY}
      onChange={(v) => onChange(v && v !== ANY ? (v as ItemAge) : undefined)}
    />
  );
}
