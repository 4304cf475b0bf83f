import { useState, type FormEvent } from 'react';
import { Button, Group, Modal, Select, Stack, Text, Textarea } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { AllowedTicketTransition, TicketStatus } from '@amparo/shared/modules/support.schema';
import { ApiError } from '../../../shared/lib/api';
import { notifyError, notifySuccess } from '../../../shared/lib/notify';
import { applyServerErrors, translateFieldError } from '../../../shared/lib/server-errors';
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

interface Pending {
  ticket: Movable;
  transition: AllowedTicketTransition;
}

type Errors = Record<string, string>;

/**
 * Takes workflow transitions for a page (ticket page or board): one with a
 * reason ('required' or 'optional') or `assign` opens a dialog that asks for
 * it; the others go straight to the server. The version sent is the one
 * loaded; a stale one (409) or a move no longer allowed (403) says so in the
 * user's language and reloads the ticket, the lists and the board.
 */
export function useTransitionRunner() {
  const { t } = useTranslation('support');
  const queryClient = useQueryClient();
  const move = useMoveTicket();
  const [pending, setPending] = useState<Pending | null>(null);

  const run = async (
    ticket: Movable,
    transition: AllowedTicketTransition,
    extra: { reason?: string; assigneeId?: string } = {},
    setErrors?: (errors: Errors) => void,
  ): Promise<boolean> => {
    try {
      const updated = await move.mutateAsync({
        id: ticket.id,
        body: { transition: transition.name, version: ticket.version, ...extra },
      });
      notifySuccess(t('messages.moved', { number: updated.number, status: t(`status.${updated.status}`) }));
      return true;
    } catch (error) {
      notifyError(applyServerErrors(error, t, setErrors));
      if (error instanceof ApiError && (error.status === 409 || error.status === 403 || error.status === 404))
        void queryClient.invalidateQueries({ queryKey: ['support'] });
      return false;
    }
  };

  const start = (ticket: Movable, transition: AllowedTicketTransition) => {
    if (transition.name === 'assign' || transition.reason !== 'none') setPending({ ticket, transition });
    else void run(ticket, transition);
  };

  const dialog = (
    <TransitionDialog
      // A new dialog (empty fields) for every transition asked.
      key={pending ? `${pending.ticket.id}:${pending.transition.name}` : 'closed'}
      pending={pending}
      loading={move.isPending}
      onClose={() => setPending(null)}
      onSubmit={async (extra, setErrors) => {
        if (pending && (await run(pending.ticket, pending.transition, extra, setErrors))) setPending(null);
      }}
    />
  );
  return { start, dialog, busy: move.isPending };
}

interface DialogProps {
  pending: Pending | null;
  loading: boolean;
  onClose: () => void;
  onSubmit: (extra: { reason?: string; assigneeId?: string }, setErrors: (errors: Errors) => void) => Promise<void>;
}

/** Asks what a transition needs: the reason (required or optional) and, to assign, the support user. */
function TransitionDialog({ pending, loading, onClose, onSubmit }: DialogProps) {
  const { t } = useTranslation('support');
  const assigning = pending?.transition.name === 'assign';
  const assignees = useAssignees(assigning);
  const [reason, setReason] = useState('');
  const [assigneeId, setAssigneeId] = useState<string | null>(pending?.ticket.assigneeId ?? null);
  const [errors, setErrors] = useState<Errors>({});
  if (!pending) return null;
  const { ticket, transition } = pending;
  const asksReason = transition.reason !== 'none';

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found: Errors = {};
    if (transition.reason === 'required' && reason.trim() === '')
      found.reason = translateFieldError(t, { code: 'required' });
    if (assigning && !assigneeId) found.assigneeId = translateFieldError(t, { code: 'required' });
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    await onSubmit(
      {
        ...(asksReason && reason.trim() !== '' ? { reason: reason.trim() } : {}),
        ...(assigning && assigneeId ? { assigneeId } : {}),
      },
      setErrors,
    );
  };

  return (
    <Modal
      opened
      onClose={onClose}
      centered
      title={t('transitionDialog.title', { action: t(`transition.${transition.name}`), number: ticket.number })}
    >
      <form onSubmit={(e) => void submit(e)} noValidate>
        <Stack>
          <Text size="sm">{t('transitionDialog.to', { status: t(`status.${transition.to}`) })}</Text>
          {assigning && (
            <Select
              label={t('transitionDialog.assignee')}
              placeholder={t('transitionDialog.assigneePlaceholder')}
              withAsterisk
              searchable
              data={(assignees.data ?? []).map((a) => ({ value: a.id, label: a.fullName }))}
              nothingFoundMessage={t('common:status.empty')}
              value={assigneeId}
              onChange={setAssigneeId}
              error={errors.assigneeId}
              data-autofocus
            />
          )}
          {asksReason && (
            <Textarea
              label={
                transition.reason === 'required' ? t('transitionDialog.reason') : t('transitionDialog.reasonOptional')
              }
              description={t(`transitionDialog.hint.${transition.name}`, { defaultValue: '' }) || undefined}
              withAsterisk={transition.reason === 'required'}
              autosize
              minRows={3}
              maxRows={8}
              maxLength={2000}
              value={reason}
              onChange={(e) => setReason(e.currentTarget.value)}
              error={errors.reason}
              data-autofocus={!assigning || undefined}
            />
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} disabled={loading}>
              {t('common:actions.cancel')}
            </Button>
            <Button type="submit" loading={loading}>
              {t(`transition.${transition.name}`)}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
