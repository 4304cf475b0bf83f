import type { TFunction } from 'i18next';
import type { TicketSlaLeft } from '@amparo/shared/modules/support.schema';

/** The target that runs out first: minutes left (negative once missed), paused, or none running (met or closed). */
export type SlaState = { kind: 'paused' } | { kind: 'running'; minutes: number } | { kind: 'none' };

export function slaState(sla: TicketSlaLeft): SlaState {
  if (sla.paused) return { kind: 'paused' };
  const running = [sla.responseMinutesLeft, sla.resolutionMinutesLeft].filter((m): m is number => m !== null);
  if (running.length === 0) return { kind: 'none' };
  return { kind: 'running', minutes: Math.min(...running) };
}

/** Working minutes as '3 h 20 min', '45 min' or '2 h'. */
export function formatWorkingMinutes(t: TFunction, total: number): string {
  const abs = Math.abs(Math.round(total));
  const hours = Math.floor(abs / 60);
  const minutes = abs % 60;
  if (hours === 0) return t('support:sla.minutes', { minutes });
  if (minutes === 0) return t('support:sla.hours', { hours });
  return t('support:sla.hoursMinutes', { hours, minutes });
}

/** 'Quedan 3 h 20 min', 'Vencido hace 1 h', 'En pausa', or null when no target runs. */
export function minutesLeftText(t: TFunction, minutes: number): string {
  const time = formatWorkingMinutes(t, minutes);
  return minutes < 0 ? t('support:sla.overdue', { time }) : t('support:sla.left', { time });
}

export function slaText(t: TFunction, sla: TicketSlaLeft): string | null {
  const state = slaState(sla);
  if (state.kind === 'paused') return t('support:sla.paused');
  if (state.kind === 'none') return null;
  return minutesLeftText(t, state.minutes);
}
