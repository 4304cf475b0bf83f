import { Select } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type {
  AllowedTicketTransition,
  Ticket,
  TicketStatus,
  TicketTransitionBody,
} from '@amparo/shared/modules/support.schema';
import { notifySuccess } from '../../../shared/lib/notify';
import { translateFieldError } from '../../../shared/lib/server-errors';
import type { ExtraFieldsProps, WorkflowTransitionConfig } from '../../../shared/ui/workflow/types';
import { useWorkflowTransition } from '../../../shared/ui/workflow/use-workflow-transition';
import { useMoveTicket } from '../api/mutations';
import { useAssignees } from '../api/queries';

/** What a transition needs of a ticket or a board card: the version seen and what the server allows the caller. */
export interface Movable {
  id: string;
  number: string;
  status: TicketStatus;
  version: number;
  assigneeId: string | null;
  allowed: AllowedTicketTransition[];
}

type Config = WorkflowTransitionConfig<Movable, AllowedTicketTransition, Ticket>;

/** `assign`'s own field: the support user who takes the ticket. */
function AssigneeField({ values, setValue, errors }: ExtraFieldsProps<Movable, AllowedTicketTransition>) {
  const { t } = useTranslation('support');
  const assignees = useAssignees();
  return (
    <Select
      label={t('transitionDialog.assignee')}
      placeholder={t('transitionDialog.assigneePlaceholder')}
      withAsterisk
      searchable
      data={(assignees.data ?? []).map((a) => ({ value: a.id, label: a.fullName }))}
      nothingFoundMessage={t('common:status.empty')}
      value={values.assigneeId ?? null}
      onChange={(value) => setValue('assigneeId', value)}
      error={errors.assigneeId}
      data-autofocus
    />
  );
}

/**
 * How a ticket's transitions are taken through the shared workflow dialog (issue 25 section 1), from the ticket
 * page or the board: `assign` asks for the support user, the others their reason when the workflow's table asks
 * one; the rest go straight to the server. A stale version's reload, and a move no longer allowed (403), refresh
 * the ticket, the lists and the board.
 */
export function useTicketTransitionConfig(): Config {
  const { t } = useTranslation('support');
  const queryClient = useQueryClient();
  const move = useMoveTicket();
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['support'] });
  return {
    version: (ticket) => ticket.version,
    label: (name) => t(`transition.${name}`),
    stateLabel: (state) => t(`status.${state as TicketStatus}`),
    title: (a, ticket) => t('transitionDialog.title', { action: t(`transition.${a.name}`), number: ticket.number }),
    description: (a) => t('transitionDialog.to', { status: t(`status.${a.to}`) }),
    reasonHint: (a) => t(`transitionDialog.hint.${a.name}`, { defaultValue: '' }) || undefined,
    reasonMaxLength: 2000,
    fields: {
      needs: (a) => a.name === 'assign',
      initial: (_a, ticket) => ({ assigneeId: ticket.assigneeId }),
      validate: (_a, values): Record<string, string> =>
        values.assigneeId ? {} : { assigneeId: translateFieldError(t, { code: 'required' }) },
      render: (props) => <AssigneeField {...props} />,
    },
    onSubmit: (ticket, body, extra) =>
      move.mutateAsync({
        id: ticket.id,
        body: { ...body, ...(extra.assigneeId ? { assigneeId: extra.assigneeId } : {}) } satisfies TicketTransitionBody,
      }),
    onDone: (updated) =>
      notifySuccess(t('messages.moved', { number: updated.number, status: t(`status.${updated.status}`) })),
    onStale: refresh,
    onRefused: () => void refresh(),
  };
}

/** The board's way in (a drop, a card's menu): `start(card, transition)` and the dialog to draw. */
export function useTicketTransition() {
  return useWorkflowTransition(useTicketTransitionConfig());
}
