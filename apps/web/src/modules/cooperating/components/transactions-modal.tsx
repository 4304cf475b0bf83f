import { Alert, Badge, Button, Group, Modal, SegmentedControl, Stack, Text, Textarea, Title } from '@mantine/core';
import { DateInput, DatesProvider } from '@mantine/dates';
import { IconInfoCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import {
  TRANSACTION_TYPES,
  transactionInput,
  type Cooperating,
  type CooperatingItemSummary,
  type Transaction,
  type TransactionValues,
} from '@amparo/shared/modules/cooperating.schema';
import { useZodForm } from '../../../shared/hooks/use-zod-form';
import { notifySuccess } from '../../../shared/lib/notify';
import { DataTable, type DataColumn } from '../../../shared/ui/data-table/data-table';
import { DateText, Money } from '../../../shared/ui/format';
import { QueryStatus } from '../../../shared/ui/page-state';
import { useAddTransaction } from '../api/mutations';
import { useTransactions } from '../api/queries';
import { defaultAgreementDate } from './agreement-date';
import { MoneyInput } from '../../../shared/ui/money-input';

interface TransactionsModalProps {
  cooperating: Cooperating;
  /** The item whose transactions are shown; null keeps the modal closed. */
  item: CooperatingItemSummary | null;
  onClose: () => void;
}

/**
 * An item's transactions (issue 13 section 2): record a sum or a subtraction with date, amount and reason, and
 * read its history (append-only: never edited or deleted). A refused one says which limit it hit and by how
 * much, beside the amount.
 */
export function TransactionsModal({ cooperating, item, onClose }: TransactionsModalProps) {
  const { t } = useTranslation('cooperating');
  return (
    <Modal
      opened={!!item}
      onClose={onClose}
      size="xl"
      closeButtonProps={{ 'aria-label': t('common:actions.close') }}
      title={item ? t('cooperating:transactions.title', { code: item.code }) : ''}
    >
      {item && <TransactionsPanel cooperating={cooperating} item={item} />}
    </Modal>
  );
}

function TransactionsPanel({ cooperating, item }: { cooperating: Cooperating; item: CooperatingItemSummary }) {
  const { t, i18n } = useTranslation('cooperating');
  const history = useTransactions(cooperating.id, item.id);
  const add = useAddTransaction(cooperating.id, item.id);
  const empty: TransactionValues = { type: 'sum', date: defaultAgreementDate(cooperating), amount: '', reason: '' };
  const { form, submitWith } = useZodForm(transactionInput, empty);
  const submit = submitWith(async (values) => {
    await add.mutateAsync(values);
    notifySuccess(t('cooperating:transactions.added'));
    form.setValues({ ...empty, type: values.type, date: values.date });
    form.resetDirty();
  });

  const columns: DataColumn<Transaction>[] = [
    { id: 'date', header: t('cooperating:transactions.fields.date'), text: (x) => x.date, width: 110 },
    {
      id: 'type',
      header: t('cooperating:transactions.fields.type'),
      text: (x) => t(`cooperating:transactions.types.${x.type}`),
      cell: (x) => (
        <Badge variant="light" color={x.type === 'sum' ? 'teal' : 'orange'}>
          {t(`cooperating:transactions.types.${x.type}`)}
        </Badge>
      ),
      width: 110,
    },
    {
      id: 'amount',
      header: t('cooperating:transactions.fields.amount'),
      text: (x) => x.amount,
      cell: (x) => <Money value={x.type === 'sum' ? x.amount : `-${x.amount}`} />,
      align: 'right',
      width: 140,
    },
    { id: 'reason', header: t('cooperating:transactions.fields.reason'), text: (x) => x.reason, truncate: true },
    { id: 'author', header: t('cooperating:transactions.fields.author'), text: (x) => x.authorName, truncate: true },
    {
      id: 'createdAt',
      header: t('cooperating:transactions.fields.createdAt'),
      text: (x) => x.createdAt,
      cell: (x) => <DateText value={x.createdAt} withTime />,
      width: 150,
    },
  ];

  return (
    <Stack gap="md">
      <Text fw={500} data-testid="transactions-current">
        {t('cooperating:transactions.current', { amount: item.currentAmount })}
      </Text>
      <DatesProvider settings={{ locale: i18n.language.startsWith('en') ? 'en' : 'es', firstDayOfWeek: 0 }}>
        <form onSubmit={submit} noValidate aria-label={t('cooperating:transactions.formLabel')}>
          <Stack gap="sm">
            <SegmentedControl
              aria-label={t('cooperating:transactions.fields.type')}
              data={TRANSACTION_TYPES.map((value) => ({
                value,
                label: t(`cooperating:transactions.types.${value}`),
              }))}
              {...form.getInputProps('type')}
            />
            <Group align="flex-start" grow wrap="wrap">
              <DateInput
                label={t('cooperating:transactions.fields.date')}
                valueFormat="YYYY-MM-DD"
                minDate={cooperating.startDate}
                maxDate={cooperating.endDate}
                withAsterisk
                {...form.getInputProps('date')}
              />
              <MoneyInput
                label={t('cooperating:transactions.fields.amount')}
                withAsterisk
                {...form.getInputProps('amount')}
              />
            </Group>
            <Textarea
              label={t('cooperating:transactions.fields.reason')}
              autosize
              minRows={2}
              withAsterisk
              {...form.getInputProps('reason')}
            />
            <Group justify="flex-end">
              <Button type="submit" loading={add.isPending}>
                {t('cooperating:transactions.add')}
              </Button>
            </Group>
          </Stack>
        </form>
      </DatesProvider>
      <Title order={3} size="h5">
        {t('cooperating:transactions.historyLabel')}
      </Title>
      <Alert variant="light" icon={<IconInfoCircle size={16} />} p="xs">
        {t('cooperating:transactions.appendOnly')}
      </Alert>
      <QueryStatus query={history} />
      <DataTable
        label={t('cooperating:transactions.historyLabel')}
        columns={columns}
        rows={history.data}
        rowKey={(x) => x.id}
        minWidth={720}
        bare
        empty={t('cooperating:transactions.empty')}
      />
    </Stack>
  );
}
