import { Badge, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ExpenseRequest, RequestStatus } from '@amparo/shared/modules/execution.schema';
import { formatDateTime, formatMoney } from '../../../shared/lib/format';
import { DataTable } from '../../../shared/ui/data-table/data-table';
import { Money } from '../../../shared/ui/format';
import { WorkflowActions } from '../../../shared/ui/workflow/workflow-actions';
import { WorkflowHistory } from '../../../shared/ui/workflow/workflow-history';
import { WorkflowStepper } from '../../../shared/ui/workflow/workflow-stepper';
import { useRequestTransitionConfig } from './request-transitions';

type Approval = ExpenseRequest['approvals'][number];
type Payment = ExpenseRequest['payments'][number];

const LOOK: Record<string, { variant: 'filled' | 'light'; color?: string }> = {
  return: { variant: 'light', color: 'orange' },
  reject: { variant: 'light', color: 'red' },
};

/** The request's chain: what the caller may do now (or why not), the stepper. */
export function RequestActions({ request, refetch }: { request: ExpenseRequest; refetch: () => Promise<unknown> }) {
  const { t } = useTranslation('execution');
  const config = useRequestTransitionConfig(request, refetch);
  return (
    <WorkflowActions
      subject={request}
      allowed={request.allowed}
      refused={request.refused}
      config={config}
      look={(name) => LOOK[name] ?? { variant: 'filled' }}
      ariaLabel={t('execution:detail.actions')}
    />
  );
}

/** The stepper of the request's path (current, completed, skipped, pending). */
export function RequestStepper({ request }: { request: ExpenseRequest }) {
  const { t } = useTranslation('execution');
  return (
    <WorkflowStepper
      steps={request.steps}
      stateLabel={(state) => t(`execution:statuses.${state as RequestStatus}`)}
      label={t('execution:detail.steps')}
    />
  );
}

/**
 * The approvals the request received (stage, amount and version approved, who and for whom; voided ones marked
 * with why), its checks and transfers (the amount in words; voided ones kept), and the full history of its moves.
 */
export function RequestRecords({ request }: { request: ExpenseRequest }) {
  const { t } = useTranslation('execution');
  return (
    <Stack gap="lg">
      <div>
        <Title order={3} size="h5" mb="xs">
          {t('execution:approvals.title')}
        </Title>
        <DataTable<Approval>
          label={t('execution:approvals.title')}
          bare
          rows={request.approvals}
          rowKey={(a) => a.id}
          minWidth={640}
          empty={t('execution:approvals.none')}
          columns={[
            {
              id: 'stage',
              header: t('execution:approvals.stage'),
              text: (a) => t(`execution:approvals.stages.${a.stage}`),
            },
            {
              id: 'by',
              header: t('execution:approvals.by'),
              text: (a) =>
                a.actingForName
                  ? t('execution:approvals.byFor', { name: a.approvedByName, for: a.actingForName })
                  : a.approvedByName,
              wrap: true,
            },
            {
              id: 'amount',
              header: t('execution:approvals.amount'),
              text: (a) => formatMoney(a.amount),
              cell: (a) => <Money value={a.amount} />,
              align: 'right',
              width: 140,
            },
            { id: 'at', header: t('execution:approvals.at'), text: (a) => formatDateTime(a.at), width: 160 },
            {
              id: 'state',
              header: t('execution:approvals.state'),
              text: (a) => (a.voidedAt ? t('execution:approvals.voided') : t('execution:approvals.standing')),
              cell: (a) =>
                a.voidedAt ? (
                  <Badge color="gray" variant="light">
                    {t('execution:approvals.voided')}
                  </Badge>
                ) : (
                  <Badge color="teal" variant="light">
                    {t('execution:approvals.standing')}
                  </Badge>
                ),
              width: 120,
            },
          ]}
        />
      </div>
      {request.payments.length > 0 && (
        <div>
          <Title order={3} size="h5" mb="xs">
            {t('execution:payment.title')}
          </Title>
          <DataTable<Payment>
            label={t('execution:payment.title')}
            bare
            rows={request.payments}
            rowKey={(p) => p.id}
            minWidth={760}
            columns={[
              {
                id: 'method',
                header: t('execution:payment.method'),
                text: (p) => t(`execution:payment.methods.${p.method}`),
                width: 120,
              },
              {
                id: 'number',
                header: t('execution:payment.number'),
                text: (p) => `${p.bankAccount} · ${p.checkNumber ?? p.transactionNumber ?? ''}`,
                width: 200,
              },
              { id: 'payee', header: t('execution:payment.payeeName'), text: (p) => p.payeeName, wrap: true },
              { id: 'words', header: t('execution:payment.words'), text: (p) => p.amountInWords, wrap: true },
              {
                id: 'state',
                header: t('execution:approvals.state'),
                text: (p) => (p.voidedAt ? t('execution:payment.voided', { reason: p.voidReason ?? '' }) : ''),
                wrap: true,
                width: 180,
              },
            ]}
          />
        </div>
      )}
      <div>
        <Title order={3} size="h5" mb="xs">
          {t('execution:detail.history')}
        </Title>
        {request.history.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('execution:detail.noHistory')}
          </Text>
        ) : (
          <WorkflowHistory
            entries={request.history}
            transitionLabel={(name) => t(`execution:transitions.${name}`, { defaultValue: name })}
            stateLabel={(state) => t(`execution:statuses.${state as RequestStatus}`, { defaultValue: state })}
            kindLabel={(kind) => t(`execution:removed.${kind}`, { defaultValue: kind })}
            label={t('execution:detail.history')}
          />
        )}
      </div>
    </Stack>
  );
}
