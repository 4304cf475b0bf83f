import type { ReactNode } from 'react';
import { Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useParams } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { CLOSED_TICKET_STATUSES, type TicketStatus } from '@amparo/shared/modules/support.schema';
import { BackHeader } from '../../../shared/ui/back-header';
import { PageError, PageLoader } from '../../../shared/ui/page-state';
import { WorkflowActions } from '../../../shared/ui/workflow/workflow-actions';
import { WorkflowHistory } from '../../../shared/ui/workflow/workflow-history';
import { WorkflowStepper } from '../../../shared/ui/workflow/workflow-stepper';
import { useTicket } from '../api/queries';
import { BreachedBadge, StatusBadge } from '../components/badges';
import { TicketComments } from '../components/ticket-comments';
import { TicketDetails, TicketTargets } from '../components/ticket-details';
import { TicketEditForm } from '../components/ticket-edit-form';
import { TicketFiles } from '../components/ticket-files';
import { useTicketTransitionConfig } from '../components/ticket-transitions';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper withBorder p="lg" component="section" aria-label={title}>
      <Title order={2} size="h4" mb="md">
        {title}
      </Title>
      {children}
    </Paper>
  );
}

const isClosed = (status: TicketStatus) => (CLOSED_TICKET_STATUSES as readonly TicketStatus[]).includes(status);

/**
 * One ticket: its report, details and targets; the actions the server allows
 * the caller now (`allowed`); comments, files and history; and, for support
 * staff, the edit form.
 */
export function TicketPage() {
  const { t } = useTranslation('support');
  const { id } = useParams({ from: '/app/support/tickets/$id' });
  const query = useTicket(id);
  const transitions = useTicketTransitionConfig();

  if (query.isPending) return <PageLoader />;
  if (query.isError) return <PageError error={query.error} onRetry={() => void query.refetch()} />;
  const ticket = query.data;
  const closed = isClosed(ticket.status);

  return (
    <Stack gap="lg">
      <BackHeader
        title={ticket.number}
        back={{ to: '/support/tickets/list' }}
        backLabel={t('actions.back')}
        badge={
          <Group gap="xs">
            <StatusBadge status={ticket.status} size="lg" />
            {ticket.sla.breached && <BreachedBadge />}
          </Group>
        }
        actions={
          <WorkflowActions
            subject={ticket}
            allowed={ticket.allowed}
            refused={ticket.refused}
            config={transitions}
            look={(name) =>
              name === 'reject' || name === 'cancel' ? { variant: 'light', color: 'red' } : { variant: 'filled' }
            }
            ariaLabel={t('view.actions')}
          />
        }
      />

      {(ticket.steps ?? []).length > 0 && (
        <Paper withBorder p="md" style={{ overflowX: 'auto' }}>
          <WorkflowStepper
            steps={ticket.steps}
            stateLabel={(state) => t(`status.${state as TicketStatus}`)}
            label={t('view.steps')}
          />
        </Paper>
      )}
      <Section title={t('view.description')}>
        <Text fw={600} style={{ overflowWrap: 'anywhere' }} data-testid="ticket-subject">
          {ticket.subject}
        </Text>
        <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {ticket.description}
        </Text>
      </Section>
      <Section title={t('view.details')}>
        <TicketDetails ticket={ticket} />
      </Section>
      <Section title={t('sla.title')}>
        <TicketTargets ticket={ticket} />
      </Section>
      {ticket.canManage && (
        <Section title={t('view.edit')}>
          <TicketEditForm key={ticket.version} ticket={ticket} />
        </Section>
      )}
      <Section title={t('view.comments')}>
        <TicketComments ticket={ticket} closed={closed} />
      </Section>
      <Section title={t('view.files')}>
        <TicketFiles ticket={ticket} closed={closed} />
      </Section>
      <Section title={t('view.history')}>
        <WorkflowHistory
          entries={[...ticket.history].sort((a, b) => a.at.localeCompare(b.at))}
          transitionLabel={(name) => t(`transition.${name}`, { defaultValue: name })}
          stateLabel={(state) => t(`status.${state as TicketStatus}`)}
          label={t('view.history')}
        />
      </Section>
    </Stack>
  );
}
