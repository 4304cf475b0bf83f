import { Text, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { REQUEST_MAX_ITEMS, type LineAvailability } from '@amparo/shared/modules/execution.schema';
import { formatMoney } from '../../../shared/lib/format';
import { MoneyInput } from '../../../shared/ui/money-input';
import { RequiredHeader, RowsEditor, requiredCell } from '../../../shared/ui/rows-editor';
import { LinePicker } from './line-picker';
import {
  emptyRequestItem,
  itemAmount,
  itemsTotal,
  type RequestFormOutput,
  type RequestFormValues,
  type RequestItemValues,
} from './request-form-values';

type Form = UseFormReturnType<RequestFormValues, RequestFormOutput>;

interface RequestItemsEditorProps {
  form: Form;
  year: number;
  month: number;
  known: ReadonlyMap<string, LineAvailability>;
  onPick: (line: LineAvailability) => void;
  availableOf: (line: LineAvailability) => string;
}

/**
 * The request's items, a row each: the planning line it draws on (offered with its available amount in the
 * month), what, which unit, how many and at what estimated unit price; its amount is quantity × price, and the
 * total is under the rows. One row at least; a refusal of one cell (a line over its available amount) lands
 * beside it.
 */
export function RequestItemsEditor({ form, year, month, known, onPick, availableOf }: RequestItemsEditorProps) {
  const { t } = useTranslation('execution');
  const items = form.values.items;
  return (
    <RowsEditor<RequestItemValues>
      label={t('execution:sections.items')}
      description={t('execution:items.help')}
      error={typeof form.errors.items === 'string' ? form.errors.items : undefined}
      gridLabel={t('execution:items.label')}
      rows={items}
      rowKey={(item) => item.rowKey}
      minWidth={860}
      rowHeader={{ header: t('execution:items.number'), width: 40 }}
      footerLabel={t('execution:items.total')}
      columns={[
        {
          id: 'line',
          header: <RequiredHeader>{t('execution:items.line')}</RequiredHeader>,
          width: 200,
          cell: (item, i) => (
            <LinePicker
              year={year}
              month={month}
              known={known}
              onPick={onPick}
              availableOf={availableOf}
              {...requiredCell(t('execution:items.lineOf', { n: i + 1 }))}
              placeholder={t('execution:items.linePlaceholder')}
              {...form.getInputProps(`items.${i}.lineId`)}
              value={item.lineId}
              onChange={(id) => form.setFieldValue(`items.${i}.lineId`, id)}
            />
          ),
        },
        {
          id: 'description',
          header: <RequiredHeader>{t('execution:items.description')}</RequiredHeader>,
          cell: (_, i) => (
            <TextInput
              {...requiredCell(t('execution:items.descriptionOf', { n: i + 1 }))}
              maxLength={200}
              {...form.getInputProps(`items.${i}.description`)}
            />
          ),
        },
        {
          id: 'unit',
          header: <RequiredHeader>{t('execution:items.unit')}</RequiredHeader>,
          width: 110,
          cell: (_, i) => (
            <TextInput
              {...requiredCell(t('execution:items.unitOf', { n: i + 1 }))}
              maxLength={40}
              placeholder={t('execution:items.unitPlaceholder')}
              {...form.getInputProps(`items.${i}.unit`)}
            />
          ),
        },
        {
          id: 'quantity',
          header: <RequiredHeader>{t('execution:items.quantity')}</RequiredHeader>,
          width: 100,
          cell: (_, i) => (
            <TextInput
              {...requiredCell(t('execution:items.quantityOf', { n: i + 1 }))}
              inputMode="decimal"
              maxLength={10}
              {...form.getInputProps(`items.${i}.quantity`)}
            />
          ),
        },
        {
          id: 'unitPrice',
          header: <RequiredHeader>{t('execution:items.unitPrice')}</RequiredHeader>,
          width: 130,
          cell: (_, i) => (
            <MoneyInput
              {...requiredCell(t('execution:items.unitPriceOf', { n: i + 1 }))}
              {...form.getInputProps(`items.${i}.unitPrice`)}
            />
          ),
        },
        {
          id: 'amount',
          header: t('execution:items.amount'),
          width: 116,
          align: 'right',
          cell: (item) => (
            <Text size="sm" style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
              {formatMoney(itemAmount(item))}
            </Text>
          ),
          footer: (
            <Text size="sm" fw={700} style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
              {formatMoney(itemsTotal(items))}
            </Text>
          ),
          footerProps: { 'aria-live': 'polite', 'data-testid': 'items-total' },
        },
      ]}
      actionsHeader={t('execution:items.actions')}
      actionsWidth={40}
      removeLabel={(n) => t('execution:items.remove', { n })}
      removeOffset={4}
      onRemove={(i) => form.removeListItem('items', i)}
      addLabel={t('execution:items.add')}
      onAdd={() => form.insertListItem('items', emptyRequestItem())}
      maxRows={REQUEST_MAX_ITEMS}
    />
  );
}
