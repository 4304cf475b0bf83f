import { Badge, Group, Loader, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import type { Availability } from '@amparo/shared/modules/assignment.schema';
import { moneyString, parseMoney } from '@amparo/shared/money';
import { ApiError } from '../../../../shared/lib/api';
import { applyServerErrors } from '../../../../shared/lib/server-errors';
import { Money } from '../../../../shared/ui/format';
import { useAvailability } from '../api';
import { useMonthNames } from '../lib/months';

/** How long typing must pause before the availability is asked again (ms). */
const AVAILABILITY_DEBOUNCE_MS = 350;

const OUTCOME_COLORS = { ok: 'teal', warn: 'yellow', stop: 'red' } as const;

export interface AvailabilityProps {
  lineId: string;
  itemId: string;
  /** 1–12; null asks nothing (no month chosen yet). */
  month: number | null;
  /** The amount as typed; sent only once it reads as an amount. */
  amount?: string;
}

/**
 * The availability of a cell (line, item, month) for the amount being typed, asked of the server
 * (`GET /api/budget/availability`) once typing pauses. `data` is null while nothing can be asked, and the
 * hook tells a line without assignment of the item (`notAssigned`) from a failure.
 */
export function useBudgetAvailability({ lineId, itemId, month, amount = '' }: AvailabilityProps) {
  // One string, so the debounced value changes only when the month or the text does.
  const [debounced] = useDebouncedValue(`${month ?? ''}|${amount.trim()}`, AVAILABILITY_DEBOUNCE_MS);
  const [debouncedMonth = '', debouncedAmount = ''] = debounced.split('|');
  const parsed = parseMoney(debouncedAmount);
  const key = debouncedMonth
    ? {
        lineId,
        itemId,
        month: Number(debouncedMonth),
        amount: parsed.ok && !parsed.value.isNegative() ? moneyString(parsed.value) : undefined,
      }
    : null;
  const query = useAvailability(key);
  const notAssigned = query.error instanceof ApiError && query.error.fieldErrors.some((e) => e.code === 'not_assigned');
  return { query, data: key ? (query.data ?? null) : null, notAssigned };
}

/** The control's verdict on the amount: within the available amount, or over it by how much and what follows. */
export function AvailabilityBadge({ availability }: { availability: Availability }) {
  const { t } = useTranslation('budget');
  const { outcome, excess, available } = availability;
  return (
    <Stack gap={4} align="flex-start">
      <Badge color={OUTCOME_COLORS[outcome]} variant="light">
        {t(`budget:assignment.availability.badge.${outcome}`)}
      </Badge>
      <Text size="sm">{t(`budget:assignment.availability.outcome.${outcome}`, { excess, available })}</Text>
    </Stack>
  );
}

/**
 * A panel with a cell's availability as the user types (issue 13 section 4): assigned, committed, executed and
 * available for the month (Q), and the control's verdict on the amount (ok / warn / stop, with the excess).
 * Announced politely to screen readers. Reused by the execution screens.
 */
export function AvailabilityPanel(props: AvailabilityProps) {
  const { t } = useTranslation('budget');
  const { name } = useMonthNames();
  const { query, data, notAssigned } = useBudgetAvailability(props);
  const figure = (label: string, value: string) => (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={500}>
        <Money value={value} />
      </Text>
    </Stack>
  );

  return (
    <Paper withBorder p="sm" aria-live="polite" data-testid="availability">
      <Group justify="space-between" mb="xs" wrap="nowrap">
        <Title order={2} size="h5">
          {props.month
            ? t('budget:assignment.availability.titleOf', { month: name(props.month) })
            : t('budget:assignment.availability.title')}
        </Title>
        {query.isFetching && <Loader size="xs" role="status" aria-label={t('common:status.loading')} />}
      </Group>
      {props.month === null ? (
        <Text size="sm" c="dimmed">
          {t('budget:assignment.availability.pickMonth')}
        </Text>
      ) : notAssigned ? (
        <Text size="sm" c="dimmed">
          {t('budget:assignment.availability.notAssigned')}
        </Text>
      ) : query.isError ? (
        <Text size="sm" c="var(--mantine-color-error)">
          {applyServerErrors(query.error, t)}
        </Text>
      ) : data ? (
        <Stack gap="xs">
          <SimpleGrid cols={2} spacing="xs">
            {figure(t('budget:assignment.figures.assigned'), data.assigned)}
            {figure(t('budget:assignment.figures.committed'), data.committed)}
            {figure(t('budget:assignment.figures.executed'), data.executed)}
            {figure(t('budget:assignment.figures.available'), data.available)}
          </SimpleGrid>
          <AvailabilityBadge availability={data} />
        </Stack>
      ) : null}
    </Paper>
  );
}
