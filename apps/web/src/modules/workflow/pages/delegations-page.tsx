import { useState } from 'react';
import { Badge, Button, Group, Paper, Select, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconPlayerStop, IconUserShare } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { todayInGuatemala } from '@amparo/shared/format';
import {
  delegationInput,
  type Delegation,
  type DelegationInput,
  type DelegationState,
} from '@amparo/shared/modules/workflow.schema';
import { useZodForm } from '../../../shared/hooks/use-zod-form';
import { notifyError, notifySuccess } from '../../../shared/lib/notify';
import { applyServerErrors } from '../../../shared/lib/server-errors';
import { ConfirmDialog } from '../../../shared/ui/confirm-dialog';
import { DataTable, type DataColumn } from '../../../shared/ui/data-table/data-table';
import { DateField } from '../../../shared/ui/date-field';
import { PageHeader } from '../../../shared/ui/page-header';
import { PageError } from '../../../shared/ui/page-state';
import { UserPicker } from '../../../shared/ui/user-picker';
import { useCreateDelegation, useDelegations, useEndDelegation } from '../api/queries';

/** The form's fields: the dates as 'YYYY-MM-DD' strings (the contract's date fields take anything to check). */
type Values = { toUserId: string | null; validFrom: string; lastDay: string | null; workflow: string | null };
const empty = (): Values => ({ toUserId: null, validFrom: todayInGuatemala(), lastDay: null, workflow: null });

const STATE_COLORS: Record<DelegationState, string> = { scheduled: 'blue', in_force: 'teal', ended: 'gray' };

/**
 * Mis delegaciones (issue 25 section 1): the user lets a colleague act in their name in the approvals while away,
 * for whole days, in one workflow or all, and sees and ends what they gave and what they received. A delegate acts
 * only where the delegating user may; the history names both.
 */
export function DelegationsPage() {
  const { t } = useTranslation('workflow');
  const list = useDelegations();
  const create = useCreateDelegation();
  const end = useEndDelegation();
  // Remounts the user picker after a delegation, so its search text is cleared too.
  const [round, setRound] = useState(0);
  const [ending, setEnding] = useState<Delegation | null>(null);
  const { form, submitWith } = useZodForm<Values, DelegationInput>(delegationInput, empty(), {
    transformValues: (v) => ({ ...v, toUserId: v.toUserId ?? '' }),
  });
  const submit = submitWith(async (body) => {
    await create.mutateAsync(body);
    notifySuccess(t('messages.created'));
    form.setValues(empty());
    form.resetDirty();
    setRound((r) => r + 1);
  });
  const confirmEnd = async () => {
    if (!ending) return;
    try {
      await end.mutateAsync(ending.id);
      notifySuccess(t('messages.ended'));
    } catch (error) {
      notifyError(applyServerErrors(error, t));
    } finally {
      setEnding(null);
    }
  };

  const workflowName = (w: string | null) =>
    w ? t(`common:workflow.names.${w}`, { defaultValue: w }) : t('allWorkflows');
  const period = (d: Delegation) =>
    d.lastDay ? t('period.range', { from: d.validFrom, to: d.lastDay }) : t('period.open', { from: d.validFrom });
  const columns = (who: 'to' | 'from'): DataColumn<Delegation>[] => [
    { id: 'who', header: t(`fields.${who}`), text: (d) => d[who].name, truncate: true, strong: true },
    { id: 'period', header: t('fields.period'), text: period, width: 260 },
    { id: 'workflow', header: t('fields.workflow'), text: (d) => workflowName(d.workflow), width: 220 },
    {
      id: 'state',
      header: t('fields.state'),
      width: 130,
      cell: (d) => (
        <Badge variant="light" color={STATE_COLORS[d.state]}>
          {t(`states.${d.state}`)}
        </Badge>
      ),
    },
  ];
  const endAction = (d: Delegation) =>
    d.state === 'ended' ? null : (
      <Button
        size="xs"
        variant="subtle"
        color="red"
        leftSection={<IconPlayerStop size={14} />}
        onClick={() => setEnding(d)}
        aria-label={t('end.labelFor', { from: d.from.name, to: d.to.name })}
      >
        {t('end.action')}
      </Button>
    );

  return (
    <Stack gap="lg">
      <PageHeader title={t('title')} description={t('description')} />
      {list.isError && <PageError error={list.error} onRetry={() => void list.refetch()} />}
      <Paper withBorder p="md">
        <PageHeader order={2} title={t('form.title')} description={t('form.help')} />
        <form onSubmit={submit} noValidate aria-label={t('form.title')}>
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} mb="md">
            <UserPicker
              key={round}
              path="workflow/delegations/users"
              label={t('fields.to')}
              withAsterisk
              {...form.getInputProps('toUserId')}
            />
            <DateField
              label={t('fields.validFrom')}
              withAsterisk
              clearable={false}
              minDate={todayInGuatemala()}
              {...form.getInputProps('validFrom')}
              value={form.values.validFrom || null}
              onChange={(v) => form.setFieldValue('validFrom', v ?? '')}
            />
            <DateField
              label={t('fields.lastDay')}
              description={t('form.lastDayHelp')}
              inputWrapperOrder={['label', 'input', 'description', 'error']}
              minDate={form.values.validFrom || todayInGuatemala()}
              {...form.getInputProps('lastDay')}
              value={form.values.lastDay ?? null}
              onChange={(v) => form.setFieldValue('lastDay', v)}
            />
            <Select
              label={t('fields.workflow')}
              placeholder={t('allWorkflows')}
              data={(list.data?.workflows ?? []).map((w) => ({ value: w, label: workflowName(w) }))}
              clearable
              {...form.getInputProps('workflow')}
            />
          </SimpleGrid>
          <Group justify="flex-end">
            <Button type="submit" leftSection={<IconUserShare size={16} />} loading={create.isPending}>
              {t('form.submit')}
            </Button>
          </Group>
        </form>
      </Paper>
      {(['given', 'received'] as const).map((side) => (
        <Paper withBorder p="md" key={side}>
          <PageHeader order={2} title={t(`${side}.title`)} description={t(`${side}.help`)} />
          <DataTable
            bare
            label={t(`${side}.title`)}
            // Given: to whom; received: from whom.
            columns={columns(side === 'given' ? 'to' : 'from')}
            rows={list.data?.[side]}
            rowKey={(d) => d.id}
            minWidth={760}
            empty={<Text c="dimmed">{t(`${side}.empty`)}</Text>}
            dimmed={(d) => d.state === 'ended'}
            actions={endAction}
            actionsWidth={120}
          />
        </Paper>
      ))}
      <ConfirmDialog
        opened={!!ending}
        title={t('end.title')}
        message={ending ? t('end.message', { from: ending.from.name, to: ending.to.name }) : ''}
        confirmLabel={t('end.action')}
        loading={end.isPending}
        onConfirm={() => void confirmEnd()}
        onClose={() => setEnding(null)}
      />
    </Stack>
  );
}
