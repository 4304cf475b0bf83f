import { Button, Group, Modal, SimpleGrid, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { todayInGuatemala } from '@amparo/shared/format';
import { money, moneyString, parseMoney } from '@amparo/shared/money';
import {
  pettyCashCountInput,
  pettyCashExpenseInput,
  type PettyCashFundDetail,
} from '@amparo/shared/modules/petty-cash.schema';
import { useZodForm } from '../../../shared/hooks/use-zod-form';
import { EMPTY, formatMoney } from '../../../shared/lib/format';
import { notifySuccess } from '../../../shared/lib/notify';
import { translateFieldError } from '../../../shared/lib/server-errors';
import { DateField } from '../../../shared/ui/date-field';
import { MoneyInput } from '../../../shared/ui/money-input';
import { useAddPettyCashExpense, useRecordPettyCashCount } from '../api/petty-cash';

interface ModalProps {
  fund: PettyCashFundDetail;
  opened: boolean;
  onClose: () => void;
}

/** A count's difference as words and colour: a shortage (negative) red, an overage orange, none green. */
export function differenceColor(difference: string): string {
  const d = money(difference);
  return d.isNegative() && !d.isZero() ? 'red' : d.isZero() ? 'teal' : 'orange';
}

export function DifferenceText({ value }: { value: string }) {
  const { t } = useTranslation('execution');
  const d = money(value);
  const word = d.isZero()
    ? t('execution:pettyCash.counts.balanced')
    : d.isNegative()
      ? t('execution:pettyCash.counts.shortage')
      : t('execution:pettyCash.counts.overage');
  return (
    <Text span size="sm" c={differenceColor(value)} fw={500} style={{ whiteSpace: 'nowrap' }}>
      {formatMoney(value)} · {word}
    </Text>
  );
}

/** The difference a count of `cash` would record: cash + the pending receipts − the fund (null while not an amount). */
export function liveDifference(cash: string, fund: Pick<PettyCashFundDetail, 'amount' | 'pendingReceipts'>) {
  const parsed = parseMoney(cash);
  if (!parsed.ok) return null;
  return moneyString(money(parsed.value).plus(fund.pendingReceipts).minus(fund.amount));
}

type ExpenseValues = { spentOn: string | null; description: string; receipt: string; amount: string };

/** «Registrar gasto»: the custodian's expense paid from the fund (the day, what, the receipt and the amount). */
export function ExpenseModal({ fund, opened, onClose }: ModalProps) {
  const { t } = useTranslation('execution');
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      closeButtonProps={{ 'aria-label': t('common:actions.close') }}
      title={t('execution:pettyCash.expenses.add')}
    >
      {opened && <ExpenseForm fund={fund} onDone={onClose} />}
    </Modal>
  );
}

function ExpenseForm({ fund, onDone }: { fund: PettyCashFundDetail; onDone: () => void }) {
  const { t } = useTranslation('execution');
  const add = useAddPettyCashExpense(fund.id);
  const toInput = (v: ExpenseValues) => ({ ...v, spentOn: v.spentOn ?? '' });
  const { form, submitWith } = useZodForm<ExpenseValues>(
    pettyCashExpenseInput,
    { spentOn: todayInGuatemala(), description: '', receipt: '', amount: '' },
    {
      toInput,
      validate: (values, messages) => {
        if (!values.spentOn) messages.spentOn = translateFieldError(t, { code: 'required' });
        return messages;
      },
    },
  );
  const submit = submitWith(async (values) => {
    await add.mutateAsync(pettyCashExpenseInput.parse(toInput(values)));
    notifySuccess(t('execution:pettyCash.expenses.added'));
    onDone();
  });
  return (
    <form onSubmit={submit} noValidate aria-label={t('execution:pettyCash.expenses.add')}>
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, xs: 2 }}>
          <DateField
            label={t('execution:pettyCash.expenses.spentOn')}
            withAsterisk
            clearable={false}
            maxDate={todayInGuatemala()}
            {...form.getInputProps('spentOn')}
            value={form.values.spentOn}
            onChange={(v) => form.setFieldValue('spentOn', v)}
          />
          <MoneyInput
            label={t('execution:pettyCash.expenses.amount')}
            withAsterisk
            data-autofocus
            {...form.getInputProps('amount')}
          />
        </SimpleGrid>
        <TextInput
          label={t('execution:pettyCash.expenses.description')}
          withAsterisk
          maxLength={200}
          {...form.getInputProps('description')}
        />
        <TextInput
          label={t('execution:pettyCash.expenses.receipt')}
          maxLength={60}
          {...form.getInputProps('receipt')}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            {t('common:actions.cancel')}
          </Button>
          <Button type="submit" loading={add.isPending}>
            {t('common:actions.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

type CountValues = { cash: string; notes: string };

/**
 * «Registrar arqueo»: the cash found in the box, with the difference it records shown as it is typed (cash + the
 * pending receipts − the fund); a difference needs a note.
 */
export function CountModal({ fund, opened, onClose }: ModalProps) {
  const { t } = useTranslation('execution');
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      closeButtonProps={{ 'aria-label': t('common:actions.close') }}
      title={t('execution:pettyCash.counts.add')}
    >
      {opened && <CountForm fund={fund} onDone={onClose} />}
    </Modal>
  );
}

function CountForm({ fund, onDone }: { fund: PettyCashFundDetail; onDone: () => void }) {
  const { t } = useTranslation('execution');
  const record = useRecordPettyCashCount(fund.id);
  const { form, submitWith } = useZodForm<CountValues>(
    pettyCashCountInput,
    { cash: '', notes: '' },
    {
      validate: (values, messages) => {
        const difference = liveDifference(values.cash, fund);
        if (difference && !money(difference).isZero() && !values.notes.trim())
          messages.notes ??= translateFieldError(t, { code: 'required' });
        return messages;
      },
    },
  );
  const submit = submitWith(async (values) => {
    await record.mutateAsync(pettyCashCountInput.parse(values));
    notifySuccess(t('execution:pettyCash.counts.recorded'));
    onDone();
  });
  const difference = liveDifference(form.values.cash, fund);
  return (
    <form onSubmit={submit} noValidate aria-label={t('execution:pettyCash.counts.add')}>
      <Stack gap="sm">
        <MoneyInput
          label={t('execution:pettyCash.counts.cash')}
          withAsterisk
          data-autofocus
          {...form.getInputProps('cash')}
        />
        <div aria-live="polite" data-testid="count-difference">
          <Group gap="xs">
            <Text size="sm" fw={500}>
              {t('execution:pettyCash.counts.live')}:
            </Text>
            {difference ? <DifferenceText value={difference} /> : <Text size="sm">{EMPTY}</Text>}
          </Group>
          <Text size="xs" c="dimmed">
            {t('execution:pettyCash.counts.formula', {
              pending: formatMoney(fund.pendingReceipts),
              fund: formatMoney(fund.amount),
            })}
          </Text>
        </div>
        <Textarea
          label={t('execution:pettyCash.counts.notes')}
          description={t('execution:pettyCash.counts.notesHint')}
          inputWrapperOrder={['label', 'input', 'description', 'error']}
          withAsterisk={!!difference && !money(difference).isZero()}
          autosize
          minRows={2}
          maxLength={500}
          {...form.getInputProps('notes')}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            {t('common:actions.cancel')}
          </Button>
          <Button type="submit" loading={record.isPending}>
            {t('common:actions.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
