import { Badge, Group, Text } from '@mantine/core';
import { IconAlertTriangle, IconPlayerPause } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { TicketLevel, TicketSlaLeft, TicketStatus } from '@amparo/shared/modules/support.schema';
import { EMPTY } from '../../../shared/lib/format';
import { slaState, slaText } from '../lib/sla';

const STATUS_COLORS: Record<TicketStatus, string> = {
  generado: 'blue',
  asignado: 'indigo',
  curso: 'cyan',
  pendiente: 'yellow',
  resuelto: 'teal',
  finalizado: 'green',
  cancelado: 'gray',
  rechazado: 'red',
};

const LEVEL_COLORS: Record<TicketLevel, string> = { alta: 'red', media: 'orange', baja: 'gray' };

/** A ticket's status as a badge, in words. */
export function StatusBadge({ status, size = 'md' }: { status: TicketStatus; size?: 'sm' | 'md' | 'lg' }) {
  const { t } = useTranslation('support');
  return (
    <Badge color={STATUS_COLORS[status]} variant="light" size={size} tt="none">
      {t(`status.${status}`)}
    </Badge>
  );
}

/** A priority or criticality (alta, media, baja) as a badge; `label` says which, for screen readers and sighted alike. */
export function LevelBadge({ level, label }: { level: TicketLevel; label?: string }) {
  const { t } = useTranslation('support');
  return (
    <Badge color={LEVEL_COLORS[level]} variant="light" size="sm" tt="none">
      {label ? `${label}: ${t(`level.${level}`)}` : t(`level.${level}`)}
    </Badge>
  );
}

/** 'Fuera de plazo', shown on a ticket that missed a target. */
export function BreachedBadge() {
  const { t } = useTranslation('support');
  return (
    <Badge color="red" variant="filled" size="sm" tt="none" leftSection={<IconAlertTriangle size={12} aria-hidden />}>
      {t('sla.breached')}
    </Badge>
  );
}

/** The time left of the target that runs out first ('Quedan 3 h 20 min', 'Vencido hace 1 h', 'En pausa'). */
export function SlaLeft({ sla, withBreached = true }: { sla: TicketSlaLeft; withBreached?: boolean }) {
  const { t } = useTranslation('support');
  const state = slaState(sla);
  const text = slaText(t, sla);
  const late = state.kind === 'running' && state.minutes < 0;
  return (
    <Group gap={6} wrap="nowrap">
      {state.kind === 'paused' && <IconPlayerPause size={14} aria-hidden />}
      <Text size="sm" c={late ? 'red' : undefined} fw={late ? 600 : undefined} style={{ whiteSpace: 'nowrap' }}>
        {text ?? EMPTY}
      </Text>
      {withBreached && sla.breached && <BreachedBadge />}
    </Group>
  );
}
