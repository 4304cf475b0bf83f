import { Select } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { TICKET_LEVELS } from '@amparo/shared/modules/support.schema';
import { useCatalog } from '../../../shared/hooks/use-catalog';

type Field = 'type' | 'headquarterId' | 'priority' | 'criticality';

interface Props {
  /** The form's `getInputProps` (value, error and handlers of each field). */
  inputProps: (field: Field) => object;
  /** The requester's hints under priority and criticality (raising a ticket). */
  withHints?: boolean;
}

/**
 * A ticket's classification: type (catalog `ticket_type`), headquarter,
 * priority and criticality (alta, media, baja). Used to raise a ticket and in
 * support's edit, inside the caller's grid.
 */
export function ClassificationFields({ inputProps, withHints = false }: Props) {
  const { t } = useTranslation('support');
  const types = useCatalog('ticket_type');
  const headquarters = useCatalog('headquarter');
  const levels = TICKET_LEVELS.map((l) => ({ value: l, label: t(`level.${l}`) }));
  return (
    <>
      <Select
        label={t('fields.type')}
        withAsterisk
        searchable
        data={types.data}
        nothingFoundMessage={t('common:status.empty')}
        {...inputProps('type')}
      />
      <Select
        label={t('fields.headquarter')}
        withAsterisk
        searchable
        data={headquarters.data}
        nothingFoundMessage={t('common:status.empty')}
        {...inputProps('headquarterId')}
      />
      <Select
        label={t('fields.priority')}
        description={withHints ? t('form.priorityHint') : undefined}
        withAsterisk
        allowDeselect={false}
        data={levels}
        {...inputProps('priority')}
      />
      <Select
        label={t('fields.criticality')}
        description={withHints ? t('form.criticalityHint') : undefined}
        withAsterisk
        allowDeselect={false}
        data={levels}
        {...inputProps('criticality')}
      />
    </>
  );
}
