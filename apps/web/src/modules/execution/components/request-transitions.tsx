import { Radio, Group, Select, Stack, Textarea, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ExpenseRequest, RequestStatus, requestTransitionInput } from '@amparo/shared/modules/execution.schema';
import type { z } from 'zod';
import { formatMoney } from '../../../shared/lib/format';
import { notifySuccess } from '../../../shared/lib/notify';
import { translateFieldError } from '../../../shared/lib/server-errors';
import type {
  ExtraFieldsProps,
  ExtraValues,
  OfferedTransition,
  WorkflowTransitionConfig,
} from '../../../shared/ui/workflow/types';
import { useTransitionRequest } from '../api/mutations';
import { LIQUIDATION_DIALOGS, liquidationBody, LiquidationFields, validateLiquidation } from './liquidation-fields';

type Allowed = ExpenseRequest['allowed'][number];
type Body = z.input<typeof requestTransitionInput>;
type Props = ExtraFieldsProps<ExpenseRequest, Allowed>;

/** The dialog's own fields are named by the server's field paths, so its refusals land on them. */
const F = {
  method: 'payment.method',
  bankAccount: 'payment.bankAccount',
  checkNumber: 'payment.checkNumber',
  transactionNumber: 'payment.transactionNumber',
  payeeName: 'payment.payeeName',
  providerId: 'selection.providerId',
  justification: 'selection.justification',
} as const;

/** `issue_payment`: check or transfer, the account, its number, the payee as printed; the amount is the request's. */
function PaymentFields({ subject, values, setValue, errors }: Props) {
  const { t } = useTranslation('execution');
  const check = values[F.method] !== 'transfer';
  return (
    <Stack gap="sm">
      <Radio.Group
        label={t('execution:payment.method')}
        withAsterisk
        value={values[F.method] ?? 'check'}
        onChange={(v) => setValue(F.method, v)}
      >
        <Group mt={4}>
          <Radio value="check" label={t('execution:payment.methods.check')} />
          <Radio value="transfer" label={t('execution:payment.methods.transfer')} />
        </Group>
      </Radio.Group>
      <TextInput
        label={t('execution:payment.bankAccount')}
        withAsterisk
        value={values[F.bankAccount] ?? ''}
        onChange={(e) => setValue(F.bankAccount, e.currentTarget.value || null)}
        error={errors[F.bankAccount]}
        data-autofocus
      />
      {check ? (
        <TextInput
          label={t('execution:payment.checkNumber')}
          withAsterisk
          inputMode="numeric"
          value={values[F.checkNumber] ?? ''}
          onChange={(e) => setValue(F.checkNumber, e.currentTarget.value.replace(/\D/g, '') || null)}
          error={errors[F.checkNumber]}
        />
      ) : (
        <TextInput
          label={t('execution:payment.transactionNumber')}
          withAsterisk
          value={values[F.transactionNumber] ?? ''}
          onChange={(e) => setValue(F.transactionNumber, e.currentTarget.value || null)}
          error={errors[F.transactionNumber]}
        />
      )}
      <TextInput
        label={t('execution:payment.payeeName')}
        withAsterisk
        value={values[F.payeeName] ?? ''}
        onChange={(e) => setValue(F.payeeName, e.currentTarget.value || null)}
        error={errors[F.payeeName]}
        description={t('execution:payment.amount', { amount: formatMoney(subject.total) })}
      />
    </Stack>
  );
}

/** `select_provider`: one of the comparative table's quotes, and why when it is not the lowest. */
function SelectionFields({ subject, values, setValue, errors }: Props) {
  const { t } = useTranslation('execution');
  const quotes = subject.comparison?.quotes ?? [];
  const chosen = quotes.find((q) => q.providerId === values[F.providerId]);
  return (
    <Stack gap="sm">
      <Select
        label={t('execution:comparison.provider')}
        withAsterisk
        data={quotes.map((q) => ({
          value: q.providerId,
          label: `${q.providerName} · ${q.total ? formatMoney(q.total) : t('execution:comparison.incomplete')}`,
          disabled: !q.complete || q.expired,
        }))}
        value={values[F.providerId] ?? null}
        onChange={(v) => setValue(F.providerId, v)}
        error={errors[F.providerId]}
        data-autofocus
      />
      <Textarea
        label={t('execution:comparison.justification')}
        withAsterisk={!!chosen && !chosen.lowest}
        description={t('execution:comparison.justificationHint')}
        autosize
        minRows={2}
        value={values[F.justification] ?? ''}
        onChange={(e) => setValue(F.justification, e.currentTarget.value || null)}
        error={errors[F.justification]}
      />
    </Stack>
  );
}

const needsFields = (a: OfferedTransition) =>
  a.name === 'issue_payment' || a.name === 'select_provider' || LIQUIDATION_DIALOGS.includes(a.name);

/** The body's module part from the dialog's fields. */
function extraBody(name: string, extra: Record<string, string>): Partial<Body> {
  if (name === 'issue_payment') {
    const check = (extra[F.method] ?? 'check') === 'check';
    return {
      payment: {
        method: check ? 'check' : 'transfer',
        bankAccount: extra[F.bankAccount] ?? '',
        checkNumber: check && extra[F.checkNumber] ? Number(extra[F.checkNumber]) : null,
        transactionNumber: check ? null : (extra[F.transactionNumber] ?? null),
        payeeName: extra[F.payeeName] ?? '',
      },
    };
  }
  if (name === 'select_provider')
    return {
      selection: { providerId: extra[F.providerId] ?? '', justification: extra[F.justification] ?? null },
    };
  if (LIQUIDATION_DIALOGS.includes(name)) return { liquidation: liquidationBody(extra) };
  return {};
}

/**
 * How a request's approval chain is moved through the shared workflow dialog (issue 26 section 4): approvals
 * (an optional comment), a return to an earlier stage and a rejection (a reason), the provider's selection (a
 * quote, and a justification when it is not the lowest), the payment (check or transfer), the liquidation's
 * sending (the refund or the excess) and approval (sanctions, the excess approved). A stale request's
 * reload and a move no longer allowed refetch it.
 */
export function useRequestTransitionConfig(
  request: ExpenseRequest,
  refetch: () => Promise<unknown>,
): WorkflowTransitionConfig<ExpenseRequest, Allowed, ExpenseRequest> {
  const { t } = useTranslation('execution');
  const transition = useTransitionRequest(request.id);
  return {
    version: (r) => r.version,
    label: (name) => t(`execution:transitions.${name}`, { defaultValue: name }),
    stateLabel: (state) => t(`execution:statuses.${state as RequestStatus}`, { defaultValue: state }),
    title: (a, r) =>
      t('execution:transitionDialog.title', { action: t(`execution:transitions.${a.name}`), number: r.number }),
    confirm: () => true,
    size: (a) => (a.name === 'approve_liquidation' ? 'lg' : 'md'),
    fields: {
      needs: needsFields,
      initial: (a, r): ExtraValues =>
        a.name === 'issue_payment'
          ? {
              [F.method]: 'check',
              [F.payeeName]:
                r.comparison?.quotes.find((q) => q.id === r.comparison?.selectedQuoteId)?.providerName ?? null,
            }
          : {},
      validate: (a, values) => {
        const required = translateFieldError(t, { code: 'required' });
        const missing = (keys: string[]) =>
          Object.fromEntries(keys.filter((k) => !values[k]).map((k) => [k, required]));
        if (a.name === 'select_provider') return missing([F.providerId]);
        if (LIQUIDATION_DIALOGS.includes(a.name)) return validateLiquidation(values, t);
        const check = (values[F.method] ?? 'check') === 'check';
        return missing([F.bankAccount, F.payeeName, check ? F.checkNumber : F.transactionNumber]);
      },
      render: (props) =>
        props.transition.name === 'issue_payment' ? (
          <PaymentFields {...props} />
        ) : props.transition.name === 'select_provider' ? (
          <SelectionFields {...props} />
        ) : (
          <LiquidationFields {...props} />
        ),
    },
    onSubmit: (_r, body, extra) => transition.mutateAsync({ ...body, ...extraBody(body.transition, extra) } as Body),
    onDone: (updated) =>
      notifySuccess(
        t('execution:transitionDialog.done', {
          number: updated.number,
          status: t(`execution:statuses.${updated.status}`),
        }),
      ),
    onStale: refetch,
    onRefused: () => void refetch(),
  };
}
