import { useState } from 'react';
import { Badge, Button, Group, Modal, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { todayInGuatemala } from '@amparo/shared/format';
import { refundDepositInput, type RequestRefund } from '@amparo/shared/modules/invoices.schema';
import type { ExpenseRequest } from '@amparo/shared/modules/execution.schema';
import { hasPermission } from '@amparo/shared/permissions';
import { useCurrentUser } from '../../../shared/hooks/use-current-user';
import { useZodForm } from '../../../shared/hooks/use-zod-form';
import { formatDate, formatDateTime, formatMoney } from '../../../shared/lib/format';
import { notifyError, notifySuccess } from '../../../shared/lib/notify';
import { applyServerErrors, translateFieldError } from '../../../shared/lib/server-errors';
import { DateField } from '../../../shared/ui/date-field';
import { UserPicker } from '../../../shared/ui/user-picker';
import { useLiquidationWrites, useRequestInvoices } from '../api/invoices';
import { ScanButton } from './scan-button';

const STATUS_COLOR: Record<RequestRefund['status'], string> = {
  pending: 'orange',
  deposited: 'blue',
  received: 'green',
  void: 'gray',
};

/**
 * Who liquidates a paid request and what its liquidation gives back (issue 27 sections 1–2): administration
 * changes the liquidator with a reason (the changes listed); the liquidator records the refund's deposit, and
 * administration confirms it received.
 */
export function RequestLiquidation({ request }: { request: ExpenseRequest }) {
  const { t } = useTranslation('execution');
  const user = useCurrentUser();
  const data = useRequestInvoices(request.id).data;
  const writes = useLiquidationWrites(request.id);
  const [changing, setChanging] = useState(false);
  const admin = hasPermission(user?.permisos ?? [], 'ejecucion_administracion');
  const open = ['emision_cheque', 'liquidado_temp', 'enviado_liquidacion'].includes(request.status);
  const refund = data?.refund ?? null;
  const receive = async () => {
    if (!refund) return;
    try {
      await writes.receive.mutateAsync(refund.version);
      notifySuccess(t('execution:liquidation.refundReceived'));
    } catch (error) {
      notifyError(applyServerErrors(error, t));
    }
  };
  return (
    <Stack gap="sm">
      <Group gap="md" wrap="wrap">
        <Text size="sm">
          {t('execution:liquidation.liquidator')}: <b>{request.liquidatorName}</b>
        </Text>
        {admin && open && (
          <Button size="xs" variant="light" onClick={() => setChanging(true)}>
            {t('execution:liquidation.changeLiquidator')}
          </Button>
        )}
        {data?.liquidated && (
          <Text size="sm">
            {t('execution:liquidation.liquidated')}: <b>{formatMoney(data.liquidated)}</b>
          </Text>
        )}
      </Group>
      {request.liquidatorChanges.map((c) => (
        <Text key={c.at} size="xs" c="dimmed">
          {t('execution:liquidation.changed', {
            from: c.fromName,
            to: c.toName,
            by: c.changedByName,
            at: formatDateTime(c.at),
            reason: c.reason,
          })}
        </Text>
      ))}
      {refund && refund.status !== 'void' && (
        <Stack gap="xs" data-testid="refund">
          <Group gap="sm">
            <Text size="sm">
              {t('execution:liquidation.refund')}: <b>{formatMoney(refund.amount)}</b>
            </Text>
            <Badge color={STATUS_COLOR[refund.status]} variant="light">
              {t(`execution:liquidation.refundStatuses.${refund.status}`)}
            </Badge>
            {refund.depositNumber && (
              <Text size="sm" c="dimmed">
                {t('execution:liquidation.deposit', {
                  number: refund.depositNumber,
                  date: formatDate(refund.depositedOn ?? ''),
                })}
              </Text>
            )}
            <ScanButton
              requestId={request.id}
              invoiceId={null}
              has={!!refund.slipName}
              writable={request.liquidatorId === user?.id && ['pending', 'deposited'].includes(refund.status)}
              label={t('execution:liquidation.slip')}
            />
            {admin && refund.status === 'deposited' && (
              <Button size="xs" loading={writes.receive.isPending} onClick={() => void receive()}>
                {t('execution:liquidation.receive')}
              </Button>
            )}
          </Group>
          {request.liquidatorId === user?.id && refund.status === 'pending' && (
            <DepositForm refund={refund} writes={writes} />
          )}
        </Stack>
      )}
      <Modal
        opened={changing}
        onClose={() => setChanging(false)}
        title={t('execution:liquidation.changeLiquidator')}
        closeButtonProps={{ 'aria-label': t('common:actions.close') }}
      >
        {changing && <LiquidatorForm request={request} writes={writes} onDone={() => setChanging(false)} />}
      </Modal>
    </Stack>
  );
}

type Writes = ReturnType<typeof useLiquidationWrites>;

/** The refund's deposit: the slip's number and date (not after today). */
function DepositForm({ refund, writes }: { refund: RequestRefund; writes: Writes }) {
  const { t } = useTranslation('execution');
  const { form, submitWith } = useZodForm<{ depositNumber: string; depositedOn: string | null; version: number }>(
    refundDepositInput,
    { depositNumber: '', depositedOn: todayInGuatemala(), version: refund.version },
    { toInput: (v) => ({ ...v, depositedOn: v.depositedOn ?? '' }) },
  );
  const submit = submitWith(async (values) => {
    await writes.deposit.mutateAsync({ ...values, depositedOn: values.depositedOn ?? '', version: refund.version });
    notifySuccess(t('execution:liquidation.depositSaved'));
  });
  return (
    <form onSubmit={submit} noValidate aria-label={t('execution:liquidation.depositTitle')}>
      <Group align="flex-end" gap="sm" wrap="wrap">
        <TextInput
          label={t('execution:liquidation.depositNumber')}
          withAsterisk
          maxLength={40}
          {...form.getInputProps('depositNumber')}
        />
        <DateField
          label={t('execution:liquidation.depositedOn')}
          withAsterisk
          clearable={false}
          maxDate={todayInGuatemala()}
          {...form.getInputProps('depositedOn')}
          value={form.values.depositedOn}
          onChange={(v) => form.setFieldValue('depositedOn', v)}
        />
        <Button type="submit" loading={writes.deposit.isPending}>
          {t('execution:liquidation.recordDeposit')}
        </Button>
      </Group>
    </form>
  );
}

/** Another liquidator (an active user of execution) and why; a refusal reads 'Errors changing liquidator'. */
function LiquidatorForm({ request, writes, onDone }: { request: ExpenseRequest; writes: Writes; onDone: () => void }) {
  const { t } = useTranslation('execution');
  const [liquidatorId, setLiquidatorId] = useState<string | null>(null);
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    const required = translateFieldError(t, { code: 'required' });
    const missing = {
      ...(liquidatorId ? {} : { liquidatorId: required }),
      ...(reason.trim() ? {} : { reason: required }),
    };
    setErrors(missing);
    if (Object.keys(missing).length) return;
    try {
      await writes.changeLiquidator.mutateAsync({ liquidatorId: liquidatorId!, reason, version: request.version });
      notifySuccess(t('execution:liquidation.liquidatorChanged'));
      onDone();
    } catch (error) {
      const message = applyServerErrors(error, t, setErrors);
      notifyError(`${t('execution:liquidation.changeFailed')}: ${message}`);
    }
  };
  return (
    <form onSubmit={(e) => void submit(e)} noValidate aria-label={t('execution:liquidation.changeLiquidator')}>
      <Stack gap="sm">
        <UserPicker
          path="execution/lookup/users"
          label={t('execution:liquidation.newLiquidator')}
          withAsterisk
          value={liquidatorId}
          onChange={setLiquidatorId}
          error={errors.liquidatorId}
          data-autofocus
        />
        <Textarea
          label={t('execution:liquidation.changeReason')}
          withAsterisk
          autosize
          minRows={2}
          maxLength={500}
          value={reason}
          onChange={(e) => setReason(e.currentTarget.value)}
          error={errors.reason}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            {t('common:actions.cancel')}
          </Button>
          <Button type="submit" loading={writes.changeLiquidator.isPending}>
            {t('common:actions.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
