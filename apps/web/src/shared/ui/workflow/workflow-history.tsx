import { List, Stack, Text, Timeline } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { WorkflowHistoryEntry } from '@amparo/shared/workflow';
import { DateText } from '../format';

/** What a return removed, as the history's `details` keeps it (`{ removed: [{ kind, id, label }] }`). */
interface Removed {
  kind: string;
  id: string;
  label: string;
}

const removedOf = (details: WorkflowHistoryEntry['details']): Removed[] => {
  const removed = details?.removed;
  return Array.isArray(removed)
    ? removed.filter((r): r is Removed => typeof r === 'object' && r !== null && 'label' in r)
    : [];
};

/** A history row as an older server may send it (no `skipped`, `actingForName` nor `details`). */
export type HistoryRow = Omit<WorkflowHistoryEntry, 'skipped' | 'actingForName' | 'details'> &
  Partial<Pick<WorkflowHistoryEntry, 'skipped' | 'actingForName' | 'details'>>;

interface Props {
  entries: readonly HistoryRow[];
  /** A transition's name in the history ("Aprobación"). */
  transitionLabel: (name: string) => string;
  stateLabel: (state: string) => string;
  /** A removed thing's kind ("cheque"); its kind as sent by default. */
  kindLabel?: (kind: string) => string;
  /** The list's accessible name; "Historial del flujo" by default. */
  label?: string;
}

/**
 * A record's workflow history as a timeline, oldest first (issue 25 section 1): each move with the states it left
 * and reached, who made it and for whom (a delegation) or the job that did, when (America/Guatemala), the reason,
 * the stages an amount band passed over, and what a return removed or that an approval went to its fallback.
 */
export function WorkflowHistory({ entries, transitionLabel, stateLabel, kindLabel, label }: Props) {
  const { t } = useTranslation('common');
  if (entries.length === 0)
    return (
      <Text size="sm" c="dimmed">
        {t('workflow.history.empty')}
      </Text>
    );
  return (
    <Timeline
      active={entries.length - 1}
      bulletSize={14}
      lineWidth={2}
      aria-label={label ?? t('workflow.history.label')}
      component="ol"
      data-testid="workflow-history"
    >
      {entries.map((e, i) => {
        const removed = removedOf(e.details ?? null);
        const who = e.actorName
          ? e.actingForName
            ? t('workflow.history.byFor', { name: e.actorName, for: e.actingForName })
            : t('workflow.history.by', { name: e.actorName })
          : e.system
            ? t('workflow.history.system')
            : null;
        return (
          <Timeline.Item
            key={`${e.at}-${i}`}
            component="li"
            title={transitionLabel(e.transition)}
            data-testid="workflow-history-entry"
          >
            <Stack gap={2}>
              <Text size="sm">{t('workflow.history.fromTo', { from: stateLabel(e.from), to: stateLabel(e.to) })}</Text>
              <Text size="xs" c="dimmed">
                {who && `${who} · `}
                <DateText value={e.at} withTime />
              </Text>
              {e.skipped && e.skipped.length > 0 && (
                <Text size="xs">{t('workflow.history.skipped', { states: e.skipped.map(stateLabel).join(', ') })}</Text>
              )}
              {e.reason && (
                <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                  {t('workflow.history.reason', { reason: e.reason })}
                </Text>
              )}
              {removed.length > 0 && (
                <div>
                  <Text size="xs" fw={500}>
                    {t('workflow.history.removed')}
                  </Text>
                  <List size="xs">
                    {removed.map((r) => (
                      <List.Item key={`${r.kind}:${r.id}`}>
                        {kindLabel ? `${kindLabel(r.kind)}: ${r.label}` : r.label}
                      </List.Item>
                    ))}
                  </List>
                </div>
              )}
              {e.details?.fallback !== undefined && <Text size="xs">{t('workflow.history.fallback')}</Text>}
            </Stack>
          </Timeline.Item>
        );
      })}
    </Timeline>
  );
}
