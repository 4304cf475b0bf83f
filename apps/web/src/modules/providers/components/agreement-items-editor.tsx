import type { CSSProperties } from 'react';
import { ActionIcon, Box, Button, Input, Text, TextInput, VisuallyHidden } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { AGREEMENT_MAX_ITEMS } from '@amparo/shared/modules/framework-agreements.schema';
import { Grid } from '../../../shared/ui/grid';
import { MoneyInput } from '../../../shared/ui/money-input';
import {
  emptyAgreementItem,
  type AgreementFormOutput,
  type AgreementFormValues,
  type AgreementItemValues,
} from './agreement-form-values';

type Form = UseFormReturnType<AgreementFormValues, AgreementFormOutput>;

/**
 * A cell input's label: read by screen readers ('Descripción del artículo 2') and carrying the required mark, but
 * not shown, since the column's header says it.
 */
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

/**
 * The agreement's items, a row each: description, unit and unit price (Q, IVA included). One row at least (the
 * last one cannot be removed); a refusal of one cell (a price of zero, a description twice) lands beside it.
 */
export function AgreementItemsEditor({ form }: { form: Form }) {
  const { t } = useTranslation('providers');
  const items = form.values.items;
  const itemsError = typeof form.errors.items === 'string' ? form.errors.items : undefined;
  return (
    <Input.Wrapper
      label={t('providers:agreements.fields.items')}
      labelElement="div"
      withAsterisk
      description={t('providers:agreements.items.help')}
      error={itemsError}
      inputWrapperOrder={['label', 'description', 'input', 'error']}
    >
      <Box mt="xs">
        <Grid<AgreementItemValues>
          label={t('providers:agreements.items.label')}
          rows={items}
          rowKey={(item) => item.rowKey}
          minWidth={640}
          rowHeader={{
            header: t('providers:agreements.items.number'),
            cell: (_, i) => i + 1,
            width: 56,
            style: { fontWeight: 500 },
          }}
          columns={[
            {
              id: 'description',
              header: <Required>{t('providers:agreements.items.description')}</Required>,
              cell: (_, i) => (
                <TextInput
                  label={t('providers:agreements.items.descriptionOf', { n: i + 1 })}
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
              header: <Required>{t('providers:agreements.items.unit')}</Required>,
              width: 170,
              cell: (_, i) => (
                <TextInput
                  label={t('providers:agreements.items.unitOf', { n: i + 1 })}
                  styles={{ label: HIDDEN_LABEL }}
                  withAsterisk
                  size="sm"
                  maxLength={40}
                  placeholder={t('providers:agreements.items.unitPlaceholder')}
                  {...form.getInputProps(`items.${i}.unit`)}
                />
              ),
            },
            {
              id: 'unitPrice',
              header: <Required>{t('providers:agreements.items.unitPrice')}</Required>,
              width: 200,
              cell: (_, i) => (
                <MoneyInput
                  label={t('providers:agreements.items.unitPriceOf', { n: i + 1 })}
                  styles={{ label: HIDDEN_LABEL }}
                  withAsterisk
                  size="sm"
                  {...form.getInputProps(`items.${i}.unitPrice`)}
                />
              ),
            },
            {
              id: 'actions',
              header: <VisuallyHidden>{t('providers:agreements.items.actions')}</VisuallyHidden>,
              width: 56,
              cell: (_, i) => (
                <ActionIcon
                  variant="subtle"
                  color="red"
                  mt={4}
                  aria-label={t('providers:agreements.items.remove', { n: i + 1 })}
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
        onClick={() => form.insertListItem('items', emptyAgreementItem())}
        disabled={items.length >= AGREEMENT_MAX_ITEMS}
      >
        {t('providers:agreements.items.add')}
      </Button>
    </Input.Wrapper>
  );
}
