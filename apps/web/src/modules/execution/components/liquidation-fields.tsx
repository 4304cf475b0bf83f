import { Alert, Checkbox, Stack, Text, Textarea, TextInput } from '@mantine/core';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { money } from '@amparo/shared/money';
import type { ExpenseRequest, requestTransitionInput } from '@amparo/shared/modules/execution.schema';
import type { RequestInvoice } from '@amparo/shared/modules/invoices.schema';
import type { z } from 'zod';
import { formatMoney } from '../../../shared/lib/format';
import { translateFieldError } from '../../../shared/lib/server-errors';
import type { ExtraFieldsProps, ExtraValues } from '../../../shared/ui/workflow/types';
import { DataTable } from '../../../shared/ui/data-table/data-table';
import { MoneyInput } from '../../../shared/ui/money-input';
import { useRequestInvoices, type RequestInvoices } from '../api/invoices';
import { serieNumber } from '../lib/labels';

type Allowed = ExpenseRequest['allowed'][number];
type Props = ExtraFieldsProps<ExpenseRequest, Allowed>;
type Liquidation = NonNullable<z.input<typeof requestTransitionInput>['liquidation']>;

/** The dialog's fields, named by the server's field paths so its refusals land on them. */
const L = {
  confirmRefund: 'liquidation.confirmRefund',
  excessReason: 'liquidation.excessReason',
  acceptExcess: 'liquidation.acceptExcess',
} as const;
/** A sanction's fields, per invoice. */
const sanction = (invoiceId: string, part: 'amount' | 'reason') => `sanction.${invoiceId}.${part}`;
const SANCTION = /^sanction\.([^.]+)\.amount$/;

/** The liquidation's transitions that ask something in the dialog. */
export const LIQUIDATION_DIALOGS = ['submit_liquidation', 'approve_liquidation'];

/** 'Given Q… · invoiced Q…', and a travel's per diems beside them (they count against what was given too). */
function Sums({ request, data }: { request: ExpenseRequest; data: RequestInvoices }) {
  const { t } = useTranslation('execution');
  const amounts = { given: formatMoney(data.given), invoiced: formatMoney(data.invoiced) };
  return (
    <Text size="sm" data-testid="liquidation-sums">
      {isTravel(request)
        ? t('execution:liquidation.sumsTravel', { ...amounts, perDiems: formatMoney(data.perDiems) })
        : t('execution:liquidation.sums', amounts)}
    </Text>
  );
}

const isTravel = (request: ExpenseRequest) => request.type === 'travel_expenses';

/**
 * `submit_liquidation`: the sums, and what the liquidator accepts in sending it: the refund the invoices leave
 * ('If you continue, you must make a refund for {0} quetzal(s)'), or the reason for invoices above what was given.
 */
function SubmitFields({ subject, values, setValue, errors }: Props) {
  const { t } = useTranslation('execution');
  const data = useRequestInvoices(subject.id).data;
  if (!data) return null;
  const due = money(data.refundDue).greaterThan(0);
  const excess = money(data.excess).greaterThan(0);
  const excessReason = isTravel(subject)
    ? 'execution:liquidation.excessReasonTravel'
    : 'execution:liquidation.excessReason';
  return (
    <Stack gap="sm">
      <Sums request={subject} data={data} />
      {due && (
        <Alert color="orange" title={t('execution:liquidation.refundTitle')}>
          <Stack gap="xs">
            <Text size="sm">{t('execution:liquidation.refundWarning', { amount: data.refundDue })}</Text>
            <Checkbox
              label={t('execution:liquidation.confirmRefund')}
              checked={values[L.confirmRefund] === '1'}
              onChange={(e) => setValue(L.confirmRefund, e.currentTarget.checked ? '1' : null)}
              error={errors[L.confirmRefund]}
            />
          </Stack>
        </Alert>
      )}
      {excess && (
        <Textarea
          label={t(excessReason, { amount: formatMoney(data.excess) })}
          withAsterisk
          autosize
          minRows={2}
          maxLength={1000}
          value={values[L.excessReason] ?? ''}
          onChange={(e) => setValue(L.excessReason, e.currentTarget.value || null)}
          error={errors[L.excessReason]}
          data-autofocus
        />
      )}
    </Stack>
  );
}

/**
 * `approve_liquidation`: administration may accept less than an invoice's amount (with a reason; the difference
 * becomes a refund), and approves a total above what was given explicitly.
 */
function ApproveFields({ subject, values, setValue, errors }: Props) {
  const { t } = useTranslation('execution');
  const data = useRequestInvoices(subject.id).data;
  if (!data) return null;
  const excess = money(data.excess).greaterThan(0);
  const excessTitle = isTravel(subject)
    ? 'execution:liquidation.excessTitleTravel'
    : 'execution:liquidation.excessTitle';
  return (
    <Stack gap="sm">
      <Sums request={subject} data={data} />
      <Text size="sm" c="dimmed">
        {t('execution:liquidation.sanctionHint')}
      </Text>
      <DataTable<RequestInvoice>
        label={t('execution:liquidation.sanctions')}
        bare
        rows={data.items.filter((i) => i.document !== 'NCRE')}
        rowKey={(i) => i.id}
        minWidth={0}
        columns={[
          { id: 'invoice', header: t('execution:invoices.serieNumber'), text: serieNumber, wrap: true, width: 120 },
          {
            id: 'amount',
            header: t('execution:items.amount'),
            text: (i) => formatMoney(i.amount),
            align: 'right',
            width: 100,
          },
          {
            id: 'accepted',
            header: t('execution:liquidation.accepted'),
            text: (i) => values[sanction(i.id, 'amount')] ?? '',
            cell: (i) => (
              <MoneyInput
                aria-label={t('execution:liquidation.acceptedOf', { name: serieNumber(i) })}
                value={values[sanction(i.id, 'amount')] ?? ''}
                onChange={(v) => setValue(sanction(i.id, 'amount'), v || null)}
                error={errors[sanction(i.id, 'amount')]}
              />
            ),
            width: 140,
          },
          {
            id: 'reason',
            header: t('execution:liquidation.sanctionReason'),
            text: (i) => values[sanction(i.id, 'reason')] ?? '',
            cell: (i) => (
              <TextInput
                aria-label={t('execution:liquidation.sanctionReasonOf', { name: serieNumber(i) })}
                maxLength={500}
                value={values[sanction(i.id, 'reason')] ?? ''}
                onChange={(e) => setValue(sanction(i.id, 'reason'), e.currentTarget.value || null)}
                error={errors[sanction(i.id, 'reason')]}
              />
            ),
          },
        ]}
      />
      {excess && (
        <Alert color="orange" title={t(excessTitle, { amount: formatMoney(data.excess) })}>
          <Stack gap="xs">
            <Text size="sm">{data.excessReason}</Text>
            <Checkbox
              label={t('execution:liquidation.acceptExcess')}
              checked={values[L.acceptExcess] === '1'}
              onChange={(e) => setValue(L.acceptExcess, e.currentTarget.checked ? '1' : null)}
              error={errors[L.acceptExcess]}
            />
          </Stack>
        </Alert>
      )}
    </Stack>
  );
}

/** The dialog's fields of a liquidation transition. */
export function LiquidationFields(props: Props) {
  return props.transition.name === 'submit_liquidation' ? <SubmitFields {...props} /> : <ApproveFields {...props} />;
}

/** The dialog's own checks: a sanctioned invoice needs its reason. */
export function validateLiquidation(values: ExtraValues, t: TFunction): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const [key, value] of Object.entries(values)) {
    const id = SANCTION.exec(key)?.[1];
    if (id && value && !values[sanction(id, 'reason')]?.trim())
      errors[sanction(id, 'reason')] = translateFieldError(t, { code: 'required' });
  }
  return errors;
}

/** The body's `liquidation` from the dialog's fields (only those with a value reach here). */
export function liquidationBody(extra: Record<string, string>): Liquidation {
  const sanctions = Object.entries(extra).flatMap(([key, amount]) => {
    const id = SANCTION.exec(key)?.[1];
    return id ? [{ invoiceId: id, amount, reason: extra[sanction(id, 'reason')] ?? '' }] : [];
  });
  return {
    confirmRefund: extra[L.confirmRefund] === '1',
    excessReason: extra[L.excessReason] ?? null,
    acceptExcess: extra[L.acceptExcess] === '1',
    sanctions,
  };
}
