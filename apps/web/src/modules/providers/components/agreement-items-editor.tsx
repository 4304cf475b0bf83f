import { TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { AGREEMENT_MAX_ITEMS } from '@amparo/shared/modules/framework-agreements.schema';
import { MoneyInput } from '../../../shared/ui/money-input';
import { RequiredHeader, RowsEditor, requiredCell } from '../../../shared/ui/rows-editor';
import {
  emptyAgreementItem,
  type AgreementFormOutput,
  type AgreementFormValues,
  type AgreementItemValues,
} from './agreement-form-values';

type Form = UseFormReturnType<AgreementFormValues, AgreementFormOutput>;

/**
 * The agreement's items, a row each: description, unit and unit price (Q, IVA included). One row at least (the
 * last one cannot be removed); a refusal of one cell (a price of zero, a description twice) lands beside it.
 */
export function AgreementItemsEditor({ form }: { form: Form }) {
  const { t } = useTranslation('providers');
  const items = form.values.items;
  return (
    <RowsEditor<AgreementItemValues>
      label={t('providers:agreements.fields.items')}
      description={t('providers:agreements.items.help')}
      error={typeof form.errors.items === 'string' ? form.errors.items : undefined}
      gridLabel={t('providers:agreements.items.label')}
      rows={items}
      rowKey={(item) => item.rowKey}
      minWidth={640}
      rowHeader={{ header: t('providers:agreements.items.number'), width: 56 }}
      columns={[
        {
          id: 'description',
          header: <RequiredHeader>{t('providers:agreements.items.description')}</RequiredHeader>,
          cell: (_, i) => (
            <TextInput
              {...requiredCell(t('providers:agreements.items.descriptionOf', { n: i + 1 }))}
              maxLength={200}
              {...form.getInputProps(`items.${i}.description`)}
            />
          ),
        },
        {
          id: 'unit',
          header: <RequiredHeader>{t('providers:agreements.items.unit')}</RequiredHeader>,
          width: 170,
          cell: (_, i) => (
            <TextInput
              {...requiredCell(t('providers:agreements.items.unitOf', { n: i + 1 }))}
              maxLength={40}
              placeholder={t('providers:agreements.items.unitPlaceholder')}
              {...form.getInputProps(`items.${i}.unit`)}
            />
          ),
        },
        {
          id: 'unitPrice',
          header: <RequiredHeader>{t('providers:agreements.items.unitPrice')}</RequiredHeader>,
          width: 200,
          cell: (_, i) => (
            <MoneyInput
              {...requiredCell(t('providers:agreements.items.unitPriceOf', { n: i + 1 }))}
              {...form.getInputProps(`items.${i}.unitPrice`)}
            />
          ),
        },
      ]}
      actionsHeader={t('providers:agreements.items.actions')}
      actionsWidth={56}
      removeLabel={(n) => t('providers:agreements.items.remove', { n })}
      removeOffset={4}
      onRemove={(i) => form.removeListItem('items', i)}
      addLabel={t('providers:agreements.items.add')}
      onAdd={() => form.insertListItem('items', emptyAgreementItem())}
      maxRows={AGREEMENT_MAX_ITEMS}
    />
  );
}
