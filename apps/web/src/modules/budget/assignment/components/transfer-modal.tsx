import { Alert, Button, Group, Modal, Select, SimpleGrid, Stack, Text, Textarea } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { assignmentTransferInput, type ItemAssignment } from '@amparo/shared/modules/assignment.schema';
import type { PlanningLineSummary } from '@amparo/shared/modules/budget.schema';
import { useCurrentUser } from '../../../../shared/hooks/use-current-user';
import { useZodForm } from '../../../../shared/hooks/use-zod-form';
import { formatMoney } from '../../../../shared/lib/format';
import { notifySuccess } from '../../../../shared/lib/notify';
import { can } from '../../../../shared/lib/session';
import { useAssignmentTransfer, usePlanningLinesOfYear } from '../api';
import { itemLabel } from '../lib/items';
import { useMonthNames } from '../lib/months';
import { MonthSelect } from './month-select';
import { MoneyInput } from '../../../../shared/ui/money-input';

interface TransferValues {
  fromMonth: number | null;
  /** null: another month of this line. */
  toLineId: string | null;
  toMonth: number | null;
  amount: string;
  reason: string;
  [key: string]: unknown;
}

const EMPTY: TransferValues = { fromMonth: null, toLineId: null, toMonth: null, amount: '', reason: '' };

/** The form's values as the transfer's body (no line: this line). */
const toBody = (v: TransferValues) => ({ ...v, toLineId: v.toLineId ?? undefined });

interface TransferModalProps {
  line: PlanningLineSummary;
  /** The item whose assignment moves; null keeps the dialog closed. */
  item: ItemAssignment | null;
  onClose: () => void;
}

/**
 * A transfer document (issue 13 section 4): an amount this item pays in one month of the line moves to another
 * month of it or, for holders of the planning key (who may list the lines), to a month of another line of the
 * same year. The old figures stay in the ledger; a refusal says its limit and excess beside the field.
 */
export function TransferModal({ line, item, onClose }: TransferModalProps) {
  const { t } = useTranslation('budget');
  return (
    <Modal
      opened={!!item}
      onClose={onClose}
      size="lg"
      closeButtonProps={{ 'aria-label': t('common:actions.close') }}
      title={item ? t('budget:assignment.transfer.title', { item: itemLabel(item) }) : ''}
    >
      {item && <TransferForm line={line} item={item} onDone={onClose} />}
    </Modal>
  );
}

function TransferForm({ line, item, onDone }: { line: PlanningLineSummary; item: ItemAssignment; onDone: () => void }) {
  const { t } = useTranslation('budget');
  const { name } = useMonthNames();
  const user = useCurrentUser();
  const canListLines = can(user, 'presupuesto_planificacion');
  const lines = usePlanningLinesOfYear(line.year, canListLines);
  const transfer = useAssignmentTransfer(line.id, item.itemId);
  const { form, submitWith } = useZodForm<TransferValues>(assignmentTransferInput, EMPTY, { toInput: toBody });
  const from = form.values.fromMonth;
  const paid = from ? item.months[from - 1]!.available : null;
  const lineOptions = (lines.data?.items ?? [])
    .filter((l) => l.id !== line.id)
    .map((l) => ({ value: l.id, label: `${l.program} · ${l.expenseType} · ${l.description}` }));

  const submit = submitWith(async (values) => {
    await transfer.mutateAsync(assignmentTransferInput.parse(toBody(values)));
    notifySuccess(t('budget:assignment.transfer.done'));
    onDone();
  });

  return (
    <form onSubmit={submit} noValidate aria-label={t('budget:assignment.transfer.formLabel')}>
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <MonthSelect
            label={t('budget:assignment.fields.fromMonth')}
            withAsterisk
            description={
              paid !== null && from
                ? t('budget:assignment.transfer.availableIn', { month: name(from), amount: formatMoney(paid) })
                : undefined
            }
            {...form.getInputProps('fromMonth')}
          />
          <MoneyInput label={t('budget:assignment.fields.amount')} withAsterisk {...form.getInputProps('amount')} />
          {canListLines ? (
            <Select
              label={t('budget:assignment.fields.toLine')}
              placeholder={t('budget:assignment.transfer.sameLine')}
              description={t('budget:assignment.transfer.sameYear', { year: line.year })}
              data={lineOptions}
              searchable
              clearable
              nothingFoundMessage={t('budget:assignment.transfer.noLines')}
              {...form.getInputProps('toLineId')}
            />
          ) : (
            <Text size="sm" c="dimmed">
              {t('budget:assignment.transfer.sameLineOnly')}
            </Text>
          )}
          <MonthSelect label={t('budget:assignment.fields.toMonth')} withAsterisk {...form.getInputProps('toMonth')} />
        </SimpleGrid>
        <Textarea
          label={t('budget:assignment.fields.reason')}
          autosize
          minRows={2}
          withAsterisk
          {...form.getInputProps('reason')}
        />
        <Alert variant="light" p="xs">
          {t('budget:assignment.transfer.help')}
        </Alert>
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            {t('common:actions.cancel')}
          </Button>
          <Button type="submit" loading={transfer.isPending}>
            {t('budget:assignment.transfer.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
