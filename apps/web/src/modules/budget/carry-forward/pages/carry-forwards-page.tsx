import { useState } from 'react';
import { ActionIcon, Button, Group, Select, SimpleGrid, Tooltip } from '@mantine/core';
import { IconCheck, IconPlus, IconX } from '@tabler/icons-react';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { PLAN_YEAR_MAX, PLAN_YEAR_MIN } from '@amparo/shared/modules/budget.schema';
import { useCurrentUser } from '../../../../shared/hooks/use-current-user';
import { can } from '../../../../shared/lib/session';
import { useContractSearch } from '../../../../shared/lib/url-search';
import { ListPage } from '../../../../shared/ui/list-page';
import { currentYear } from '../../api/list-url';
import { useCarryForwards, type CarryForward } from '../api';
import { CarryForwardTable } from '../components/carry-forward-table';
import { DecisionModal, type Decision } from '../components/decision-modal';
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
 * holders of presupuesto_aprobacion approve or reject a requested one (the server refuses the requester's own).
 */
export function CarryForwardsPage() {
  const { t } = useTranslation('budget');
  const navigate = useNavigate();
  const user = useCurrentUser();
  const { year } = useContractSearch(carryForwardSearch, useSearch({ from: '/app/budget/carry-forwards' }));
  const list = useCarryForwards(year);
  const [requesting, setRequesting] = useState(false);
  const [deciding, setDeciding] = useState<CarryForward | null>(null);
  // Kept apart from the row so the dialog's title does not change while it closes.
  const [decision, setDecision] = useState<Decision>('approve');
  const decide = (doc: CarryForward, next: Decision) => {
    setDecision(next);
    setDeciding(doc);
  };
  const canRequest = can(user, 'asignacion_transacciones');
  const canDecide = can(user, 'presupuesto_aprobacion');

  const decisionButtons = (doc: CarryForward) =>
    doc.status === 'requested' && (
      <Group gap={4} wrap="nowrap">
        <Tooltip label={t('budget:carryForward.decision.approve')}>
          <ActionIcon
            variant="subtle"
            color="teal"
            aria-label={t('budget:carryForward.decision.approveOf', { item: doc.itemCode, year: doc.fromYear })}
            onClick={() => decide(doc, 'approve')}
          >
            <IconCheck size={18} />
          </ActionIcon>
        </Tooltip>
        <Tooltip label={t('budget:carryForward.decision.reject')}>
          <ActionIcon
            variant="subtle"
            color="red"
            aria-label={t('budget:carryForward.decision.rejectOf', { item: doc.itemCode, year: doc.fromYear })}
            onClick={() => decide(doc, 'reject')}
          >
            <IconX size={18} />
          </ActionIcon>
        </Tooltip>
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
      <CarryForwardTable rows={list.data} filtered={!!year} actions={canDecide ? decisionButtons : undefined} />
      <RequestCarryForwardModal opened={requesting} year={year} onClose={() => setRequesting(false)} />
      <DecisionModal doc={deciding} decision={decision} onClose={() => setDeciding(null)} />
    </ListPage>
  );
}
