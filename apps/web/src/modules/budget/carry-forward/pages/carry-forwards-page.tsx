import { useState } from 'react';
import { ActionIcon, Button, Group, Select, SimpleGrid, Tooltip } from '@mantine/core';
import { IconCheck, IconHistory, IconPlus, IconX } from '@tabler/icons-react';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { PLAN_YEAR_MAX, PLAN_YEAR_MIN } from '@amparo/shared/modules/budget.schema';
import { useCurrentUser } from '../../../../shared/hooks/use-current-user';
import { can } from '../../../../shared/lib/session';
import { useContractSearch } from '../../../../shared/lib/url-search';
import { ListPage } from '../../../../shared/ui/list-page';
import { currentYear } from '../../shared/years';
import { useWorkflowTransition } from '../../../../shared/ui/workflow/use-workflow-transition';
import { useCarryForwards, type CarryForward } from '../api';
import { CarryForwardHistoryModal } from '../components/carry-forward-history';
import { CarryForwardTable } from '../components/carry-forward-table';
import { useCarryForwardTransitionConfig } from '../components/carry-forward-transitions';
import { RequestCarryForwardModal } from '../components/request-form';

/** The URL's year (from or to it); absent, or not a plan year, lists every year. */
const carryForwardSearch = z.object({
  year: z.coerce.number().int().min(PLAN_YEAR_MIN).max(PLAN_YEAR_MAX).optional().catch(undefined),
});

/** Ten years back to one ahead, and the chosen one wherever it is. */
function yearOptions(chosen: number | undefined): string[] {
  const now = currentYear();
  const years = new Set([...(chosen ? [chosen] : []), ...Array.from({ length: 12 }, (_, i) => now + 1 - i)]);
  return [...years].sort((a, b) => b - a).map(String);
}

/**
 * Presupuesto › Arrastres de saldo (`/budget/carry-forwards`, issue 13 section 4): the carry-forwards from or to a
 * year (every year by default) with their state and decision; holders of asignacion_transacciones request one,
 * holders of presupuesto_aprobacion approve or reject a requested one, as the server's workflow table offers it
 * (never the requester's own approval), through the shared workflow dialog.
 */
export function CarryForwardsPage() {
  const { t } = useTranslation('budget');
  const navigate = useNavigate();
  const user = useCurrentUser();
  const { year } = useContractSearch(carryForwardSearch, useSearch({ from: '/app/budget/carry-forwards' }));
  const list = useCarryForwards(year);
  const [requesting, setRequesting] = useState(false);
  const decisions = useWorkflowTransition(useCarryForwardTransitionConfig());
  const [viewing, setViewing] = useState<CarryForward | null>(null);
  const canRequest = can(user, 'asignacion_transacciones');

  // The history, for everyone who sees the list; then what the server's workflow table offers the caller on each
  // document (approve, reject; for whom, through a delegation): the requester is not offered their own approval.
  const rowActions = (doc: CarryForward) => (
    <Group gap={4} wrap="nowrap">
      <Tooltip label={t('budget:carryForward.history.openShort')}>
        <ActionIcon
          variant="subtle"
          color="gray"
          aria-label={t('budget:carryForward.history.open', { item: doc.itemCode, year: doc.fromYear })}
          onClick={() => setViewing(doc)}
        >
          <IconHistory size={18} />
        </ActionIcon>
      </Tooltip>
      {(doc.allowed ?? []).map((a) => {
        const approve = a.name === 'approve';
        const action = t(approve ? 'budget:carryForward.decision.approveOf' : 'budget:carryForward.decision.rejectOf', {
          item: doc.itemCode,
          year: doc.fromYear,
        });
        const short = t(approve ? 'budget:carryForward.decision.approve' : 'budget:carryForward.decision.reject');
        const forWhom = (text: string) =>
          a.actingFor ? t('common:workflow.actingFor', { action: text, name: a.actingFor.name }) : text;
        return (
          <Tooltip key={`${a.name}:${a.actingFor?.id ?? ''}`} label={forWhom(short)}>
            <ActionIcon
              variant="subtle"
              color={approve ? 'teal' : 'red'}
              aria-label={forWhom(action)}
              loading={decisions.busy}
              onClick={() => decisions.start(doc, a)}
            >
              {approve ? <IconCheck size={18} /> : <IconX size={18} />}
            </ActionIcon>
          </Tooltip>
        );
      })}
    </Group>
  );

  return (
    <ListPage
      title={t('budget:carryForward.title')}
      description={t('budget:carryForward.description')}
      actions={
        canRequest && (
          <Button leftSection={<IconPlus size={16} />} onClick={() => setRequesting(true)}>
            {t('budget:carryForward.request')}
          </Button>
        )
      }
      filters={
        <SimpleGrid cols={{ base: 1, sm: 3, lg: 5 }} role="group" aria-label={t('budget:carryForward.filters')}>
          <Select
            label={t('budget:carryForward.fields.year')}
            placeholder={t('budget:carryForward.allYears')}
            data={yearOptions(year)}
            clearable
            value={year ? String(year) : null}
            onChange={(value) =>
              void navigate({
                to: '/budget/carry-forwards',
                search: { year: value ? Number(value) : undefined },
                replace: true,
              })
            }
          />
        </SimpleGrid>
      }
      query={list}
    >
      <CarryForwardTable rows={list.data} filtered={!!year} actions={rowActions} />
      <RequestCarryForwardModal opened={requesting} year={year} onClose={() => setRequesting(false)} />
      {decisions.dialog}
      <CarryForwardHistoryModal doc={viewing} onClose={() => setViewing(null)} />
    </ListPage>
  );
}
