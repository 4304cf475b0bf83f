import type { CSSProperties } from 'react';
import { ActionIcon, Box, Button, Input, Text, TextInput, VisuallyHidden } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { REQUEST_MAX_ITEMS, type LineAvailability } from '@amparo/shared/modules/execution.schema';
import { formatMoney } from '../../../shared/lib/format';
import { Grid } from '../../../shared/ui/grid';
import { MoneyInput } from '../../../shared/ui/money-input';
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

/** A cell input's label: read by screen readers and carrying the required mark, not shown (the header says it). */
const HIDDEN_LABEL: CSSProperties = {
  position: 'absolute',
  width: 1,
  height: 1,
  padding: 0,
  margin: -1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
  border: 0,
};

/** A required column's header: its name and the asterisk its inputs' labels carry. */
function Required({ children }: { children: string }) {
  return (
    <>
      {children}
      <Text span c="var(--mantine-color-error)" aria-hidden>
        {' *'}
      </Text>
    </>
  );
}

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
  const itemsError = typeof form.errors.items === 'string' ? form.errors.items : undefined;
  return (
    <Input.Wrapper
      label={t('execution:sections.items')}
      labelElement="div"
      withAsterisk
      description={t('execution:items.help')}
      error={itemsError}
      inputWrapperOrder={['label', 'description', 'input', 'error']}
    >
      <Box mt="xs">
        <Grid<RequestItemValues>
          label={t('execution:items.label')}
          rows={items}
          rowKey={(item) => item.rowKey}
          minWidth={860}
          rowHeader={{
            header: t('execution:items.number'),
            cell: (_, i) => i + 1,
            width: 40,
            style: { fontWeight: 500 },
          }}
          footerLabel={t('execution:items.total')}
          columns={[
            {
              id: 'line',
              header: <Required>{t('execution:items.line')}</Required>,
              width: 200,
              cell: (item, i) => (
                <LinePicker
                  year={year}
                  month={month}
                  known={known}
                  onPick={onPick}
                  availableOf={availableOf}
                  label={t('execution:items.lineOf', { n: i + 1 })}
                  styles={{ label: HIDDEN_LABEL }}
                  withAsterisk
                  size="sm"
                  placeholder={t('execution:items.linePlaceholder')}
                  {...form.getInputProps(`items.${i}.lineId`)}
                  value={item.lineId}
                  onChange={(id) => form.setFieldValue(`items.${i}.lineId`, id)}
                />
              ),
            },
            {
              id: 'description',
              header: <Required>{t('execution:items.description')}</Required>,
              cell: (_, i) => (
                <TextInput
                  label={t('execution:items.descriptionOf', { n: i + 1 })}
                  styles={{ label: HIDDEN_LABEL }}
                  withAsterisk
                  size="sm"
                  maxLength={200}
                  {...form.getInputProps(`items.${i}.description`)}
                />
              ),
            },
            {
              id: 'unit',
              header: <Required>{t('execution:items.unit')}</Required>,
              width: 110,
              cell: (_, i) => (
                <TextInput
                  label={t('execution:items.unitOf', { n: i + 1 })}
                  styles={{ label: HIDDEN_LABEL }}
                  withAsterisk
                  size="sm"
                  maxLength={40}
                  placeholder={t('execution:items.unitPlaceholder')}
                  {...form.getInputProps(`items.${i}.unit`)}
                />
              ),
            },
            {
              id: 'quantity',
              header: <Required>{t('execution:items.quantity')}</Required>,
              width: 100,
              cell: (_, i) => (
                <TextInput
                  label={t('execution:items.quantityOf', { n: i + 1 })}
                  styles={{ label: HIDDEN_LABEL }}
                  withAsterisk
                  size="sm"
                  inputMode="decimal"
                  maxLength={10}
                  {...form.getInputProps(`items.${i}.quantity`)}
                />
              ),
            },
            {
              id: 'unitPrice',
              header: <Required>{t('execution:items.unitPrice')}</Required>,
              width: 130,
              cell: (_, i) => (
                <MoneyInput
                  label={t('execution:items.unitPriceOf', { n: i + 1 })}
                  styles={{ label: HIDDEN_LABEL }}
                  withAsterisk
                  size="sm"
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
            {
              id: 'actions',
              header: <VisuallyHidden>{t('execution:items.actions')}</VisuallyHidden>,
              width: 40,
              cell: (_, i) => (
                <ActionIcon
                  variant="subtle"
                  color="red"
                  mt={4}
                  aria-label={t('execution:items.remove', { n: i + 1 })}
                  disabled={items.length === 1}
                  onClick={() => form.removeListItem('items', i)}
                >
                  <IconTrash size={18} />
                </ActionIcon>
              ),
            },
          ]}
        />
      </Box>
      <Button
        variant="light"
        size="xs"
        mt="xs"
        leftSection={<IconPlus size={14} />}
        onClick={() => form.insertListItem('items', emptyRequestItem())}
        disabled={items.length >= REQUEST_MAX_ITEMS}
      >
        {t('execution:items.add')}
      </Button>
    </Input.Wrapper>
  );
}
