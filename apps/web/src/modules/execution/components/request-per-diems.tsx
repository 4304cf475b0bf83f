import { useState } from 'react';
import { Alert, Button, Group, Modal, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { money, moneyString } from '@amparo/shared/money';
import type { ExpenseRequest } from '@amparo/shared/modules/execution.schema';
import { perDiemInput, type PerDiem, type RequestPerDiems } from '@amparo/shared/modules/per-diems.schema';
import { useCurrentUser } from '../../../shared/hooks/use-current-user';
import { useZodForm } from '../../../shared/hooks/use-zod-form';
import { formatMoney } from '../../../shared/lib/format';
import { notifyError, notifySuccess } from '../../../shared/lib/notify';
import { applyServerErrors, translateFieldError } from '../../../shared/lib/server-errors';
import { ConfirmDialog } from '../../../shared/ui/confirm-dialog';
import { DataTable } from '../../../shared/ui/data-table/data-table';
import { Money } from '../../../shared/ui/format';
import { MoneyInput } from '../../../shared/ui/money-input';
import { RowActions } from '../../../shared/ui/row-actions';
import { usePerDiemWrites, useRequestPerDiems } from '../api/per-diems';
import { formatQuantity } from '../lib/labels';
import { LIQUIDATION_OPEN } from './request-invoices';

type Values = { travellerId: string | null; destination: string; days: string; dailyRate: string };
type Writes = ReturnType<typeof usePerDiemWrites>;

const toInput = (v: Values) => ({ ...v, travellerId: v.travellerId ?? '' });

/** The trip's days, departure to return both counted, as the server limits a per diem's days. */
function tripDays(travel: NonNullable<ExpenseRequest['travel']>): number {
  const day = (d: string) => Date.parse(`${d}T12:00:00Z`);
  return Math.round((day(travel.returnDate) - day(travel.departureDate)) / 86_400_000) + 1;
}

/** Days × rate to the centavo, once both read as numbers (the form's preview; the server computes its own). */
function amountOf(days: string, rate: string): string | null {
  if (!/^\d+(\.\d+)?$/.test(days.trim()) || !/^\d+(\.\d+)?$/.test(rate)) return null;
  return moneyString(money(days.trim()).times(rate));
}

/**
 * A travel request's per diems in its liquidation (issue 27 section 1, decision 0033): per traveller and
 * destination, the days and the daily rate, without invoices; their total counts beside the invoices against what
 * was given. The request's liquidator adds, edits and removes them while the liquidation is open, as the invoices.
 */
export function RequestPerDiemsSection({ request }: { request: ExpenseRequest }) {
  const { t } = useTranslation('execution');
  const user = useCurrentUser();
  const query = useRequestPerDiems(request.id);
  const writes = usePerDiemWrites(request.id);
  const [editing, setEditing] = useState<PerDiem | 'new' | null>(null);
  const [removing, setRemoving] = useState<PerDiem | null>(null);
  const writable = request.liquidatorId === user?.id && LIQUIDATION_OPEN.includes(request.status);
  const data = query.data;
  const rowName = (p: PerDiem) =>
    t('execution:perDiems.rowName', { name: p.travellerName, destination: p.destination });

  const remove = async () => {
    if (!removing) return;
    try {
      await writes.remove.mutateAsync(removing.id);
      notifySuccess(t('execution:perDiems.removed'));
      setRemoving(null);
    } catch (error) {
      notifyError(applyServerErrors(error, t));
    }
  };

  // E.g. no daily maximum in force on the departure (setting_missing): said, instead of a table loading forever.
  if (query.isError)
    return (
      <Alert color="red" role="alert">
        {applyServerErrors(query.error, t)}
      </Alert>
    );
  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap">
        <Text size="sm" c="dimmed">
          {data?.dailyMax ? t('execution:perDiems.dailyMax', { amount: formatMoney(data.dailyMax) }) : null}
        </Text>
        {writable && (
          <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing('new')} disabled={!data}>
            {t('execution:perDiems.add')}
          </Button>
        )}
      </Group>
      <DataTable<PerDiem>
        label={t('execution:perDiems.tableLabel')}
        bare
        rows={data?.items}
        rowKey={(p) => p.id}
        minWidth={640}
        empty={t('execution:perDiems.none')}
        actions={
          writable
            ? (p) => <RowActions name={rowName(p)} onEdit={() => setEditing(p)} onDelete={() => setRemoving(p)} />
            : undefined
        }
        actionsWidth={90}
        summary={[t('execution:perDiems.total'), '', '', '', <Money key="total" value={data?.total} />]}
        columns={[
          { id: 'traveller', header: t('execution:perDiems.traveller'), text: (p) => p.travellerName, wrap: true },
          { id: 'destination', header: t('execution:perDiems.destination'), text: (p) => p.destination, wrap: true },
          {
            id: 'days',
            header: t('execution:perDiems.days'),
            text: (p) => formatQuantity(p.days),
            align: 'right',
            width: 90,
          },
          {
            id: 'dailyRate',
            header: t('execution:perDiems.dailyRate'),
            text: (p) => formatMoney(p.dailyRate),
            cell: (p) => <Money value={p.dailyRate} />,
            align: 'right',
            width: 140,
          },
          {
            id: 'amount',
            header: t('execution:perDiems.amount'),
            text: (p) => formatMoney(p.amount),
            cell: (p) => <Money value={p.amount} />,
            align: 'right',
            width: 140,
          },
        ]}
      />
      <Modal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        closeButtonProps={{ 'aria-label': t('common:actions.close') }}
        title={t(editing === 'new' ? 'execution:perDiems.add' : 'execution:perDiems.edit')}
      >
        {editing !== null && data && (
          <PerDiemForm
            request={request}
            perDiem={editing === 'new' ? null : editing}
            list={data}
            writes={writes}
            onDone={() => setEditing(null)}
          />
        )}
      </Modal>
      <ConfirmDialog
        opened={removing !== null}
        title={t('execution:perDiems.remove')}
        message={t('execution:perDiems.removeConfirm', {
          name: removing?.travellerName ?? '',
          destination: removing?.destination ?? '',
        })}
        loading={writes.remove.isPending}
        onConfirm={() => void remove()}
        onClose={() => setRemoving(null)}
      />
    </Stack>
  );
}

interface FormProps {
  request: ExpenseRequest;
  perDiem: PerDiem | null;
  list: RequestPerDiems;
  writes: Writes;
  onDone: () => void;
}

/**
 * One per diem: a traveller of the trip (the only one, or the user when travelling, is proposed), the destination
 * (the trip's by default), the days (in halves, at most the trip's) and the daily rate (the daily maximum by
 * default, and at most it). The server's refusals land beside their fields.
 */
function PerDiemForm({ request, perDiem, list, writes, onDone }: FormProps) {
  const { t } = useTranslation('execution');
  const user = useCurrentUser();
  const travel = request.travel;
  const travellers = travel?.travellers ?? [];
  const proposed =
    travellers.length === 1 ? travellers[0]!.id : (travellers.find((u) => u.id === user?.id)?.id ?? null);
  const maxDays = travel ? tripDays(travel) : null;
  const { form, submitWith } = useZodForm<Values>(
    perDiemInput,
    {
      travellerId: perDiem?.travellerId ?? proposed,
      destination: perDiem?.destination ?? travel?.destination ?? '',
      days: perDiem ? formatQuantity(perDiem.days) : '',
      dailyRate: perDiem?.dailyRate ?? list.dailyMax ?? '',
    },
    {
      toInput,
      validate: (values, messages) => {
        if (!values.travellerId) messages.travellerId = translateFieldError(t, { code: 'required' });
        return messages;
      },
    },
  );
  const submit = submitWith(async (values) => {
    const body = perDiemInput.parse(toInput(values));
    if (perDiem)
      await writes.update.mutateAsync({ perDiemId: perDiem.id, body: { ...body, version: perDiem.version } });
    else await writes.add.mutateAsync(body);
    notifySuccess(t(perDiem ? 'execution:perDiems.saved' : 'execution:perDiems.added'));
    onDone();
  });
  const amount = amountOf(form.values.days, form.values.dailyRate);
  return (
    <form onSubmit={submit} noValidate aria-label={t(perDiem ? 'execution:perDiems.edit' : 'execution:perDiems.add')}>
      <Stack gap="sm">
        <Select
          label={t('execution:perDiems.traveller')}
          withAsterisk
          allowDeselect={false}
          data={travellers.map((u) => ({ value: u.id, label: u.name }))}
          data-autofocus
          {...form.getInputProps('travellerId')}
        />
        <TextInput
          label={t('execution:perDiems.destination')}
          withAsterisk
          maxLength={200}
          {...form.getInputProps('destination')}
        />
        <SimpleGrid cols={{ base: 1, xs: 2 }}>
          <TextInput
            label={t('execution:perDiems.days')}
            description={maxDays ? t('execution:perDiems.daysHint', { max: maxDays }) : undefined}
            inputWrapperOrder={['label', 'input', 'description', 'error']}
            withAsterisk
            inputMode="decimal"
            maxLength={5}
            {...form.getInputProps('days')}
          />
          <MoneyInput
            label={t('execution:perDiems.dailyRate')}
            description={
              list.dailyMax ? t('execution:perDiems.dailyRateHint', { max: formatMoney(list.dailyMax) }) : undefined
            }
            inputWrapperOrder={['label', 'input', 'description', 'error']}
            withAsterisk
            {...form.getInputProps('dailyRate')}
          />
        </SimpleGrid>
        <Text size="sm" aria-live="polite" data-testid="per-diem-amount">
          {amount ? t('execution:perDiems.preview', { amount: formatMoney(amount) }) : null}
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            {t('common:actions.cancel')}
          </Button>
          <Button type="submit" loading={writes.add.isPending || writes.update.isPending}>
            {t('common:actions.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
