import type { ReactNode } from 'react';
import { Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Ticket } from '@amparo/shared/modules/support.schema';
import { useCatalog } from '../../../shared/hooks/use-catalog';
import { EMPTY } from '../../../shared/lib/format';
import { DateText } from '../../../shared/ui/format';
import { minutesLeftText } from '../lib/sla';
import { BreachedBadge, LevelBadge } from './badges';

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed" fw={600} tt="uppercase">
        {label}
      </Text>
      <div>{children}</div>
    </Stack>
  );
}

/** The ticket's classification, people and dates. */
export function TicketDetails({ ticket }: { ticket: Ticket }) {
  const { t } = useTranslation('support');
  const types = useCatalog('ticket_type');
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="md">
      <Field label={t('fields.type')}>{types.labelOf(ticket.type) ?? EMPTY}</Field>
      <Field label={t('fields.priority')}>
        <LevelBadge level={ticket.priority} />
      </Field>
      <Field label={t('fields.criticality')}>
        <LevelBadge level={ticket.criticality} />
      </Field>
      <Field label={t('fields.headquarter')}>{ticket.headquarterName ?? EMPTY}</Field>
      <Field label={t('fields.requester')}>{ticket.requesterName ?? t('view.formerUser')}</Field>
      <Field label={t('fields.assignee')}>{ticket.assigneeName ?? t('view.unassigned')}</Field>
      <Field label={t('fields.estimatedDate')}>
        <DateText value={ticket.estimatedDate} />
      </Field>
      <Field label={t('fields.followUpDate')}>
        <DateText value={ticket.followUpDate} />
      </Field>
      <Field label={t('fields.createdAt')}>
        <DateText value={ticket.createdAt} withTime />
      </Field>
    </SimpleGrid>
  );
}

/** One target: when it is due, when it was met, and the working time left (or how late it is). */
function Target({
  label,
  dueAt,
  metAt,
  minutesLeft,
  paused,
}: {
  label: string;
  dueAt: string | null;
  metAt: string | null;
  minutesLeft: number | null;
  paused?: boolean;
}) {
  const { t } = useTranslation('support');
  const state = metAt
    ? t('sla.met')
    : paused
      ? t('sla.paused')
      : minutesLeft !== null
        ? minutesLeftText(t, minutesLeft)
        : EMPTY;
  return (
    <Stack gap={6}>
      <Text fw={600} size="sm">
        {label}
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
        <Field label={t('sla.dueAt')}>
          <DateText value={dueAt} withTime />
        </Field>
        <Field label={t('sla.metOn')}>
          <DateText value={metAt} withTime />
        </Field>
        <Field label={t('sla.state')}>
          <Text size="sm" c={!metAt && minutesLeft !== null && minutesLeft < 0 ? 'red' : undefined}>
            {state}
          </Text>
        </Field>
      </SimpleGrid>
    </Stack>
  );
}

/** The response and resolution targets, in the headquarter's working time. */
export function TicketTargets({ ticket }: { ticket: Ticket }) {
  const { t } = useTranslation('support');
  const { sla } = ticket;
  return (
    <Stack gap="md">
      <Group gap="sm">
        <Text size="sm" c="dimmed">
          {t('sla.help')}
        </Text>
        {sla.breached && <BreachedBadge />}
      </Group>
      <Target
        label={t('sla.response')}
        dueAt={sla.responseDueAt}
        metAt={sla.respondedAt}
        minutesLeft={sla.responseMinutesLeft}
      />
      <Target
        label={t('sla.resolution')}
        dueAt={sla.resolutionDueAt}
        metAt={sla.resolvedAt}
        minutesLeft={sla.resolutionMinutesLeft}
        paused={sla.paused}
      />
    </Stack>
  );
}
