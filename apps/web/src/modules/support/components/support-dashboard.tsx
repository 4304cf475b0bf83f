import { formatCount } from '@amparo/shared/format';
import type { ReactNode } from 'react';
import { Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { OPEN_TICKET_STATUSES, TICKET_LEVELS, type SupportDashboard } from '@amparo/shared/modules/support.schema';
import { QueryStatus } from '../../../shared/ui/page-state';
import { useSupportDashboard } from '../api/queries';

function Card({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper withBorder p="md">
      <Title order={3} fz="sm" c="dimmed" fw={600} mb="xs">
        {title}
      </Title>
      {children}
    </Paper>
  );
}

/** Label and count lines of a card. */
function Counts({ rows }: { rows: { label: string; count: number }[] }) {
  return (
    <Stack gap={4} component="dl" m={0}>
      {rows.map((r) => (
        <Group key={r.label} justify="space-between" gap="xs" wrap="nowrap">
          <Text component="dt" size="sm">
            {r.label}
          </Text>
          <Text component="dd" size="sm" fw={600} m={0} style={{ fontVariantNumeric: 'tabular-nums' }}>
            {formatCount(r.count)}
          </Text>
        </Group>
      ))}
    </Stack>
  );
}

const sumBy = <K extends string>(open: SupportDashboard['open'], key: 'status' | 'priority', value: K) =>
  open.filter((o) => o[key] === value).reduce((n, o) => n + o.count, 0);

/** Support staff's summary: open tickets by status and by priority, breached ones, median resolution time. */
export function SupportDashboardCards() {
  const { t } = useTranslation('support');
  const query = useSupportDashboard();
  const d = query.data;
  return (
    <section aria-labelledby="support-summary">
      <Title order={2} size="h4" mb="sm" id="support-summary">
        {t('dashboard.title')}
      </Title>
      {!d ? (
        <QueryStatus query={query} />
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="md">
          <Card title={t('dashboard.openByStatus')}>
            <Counts
              rows={OPEN_TICKET_STATUSES.map((s) => ({ label: t(`status.${s}`), count: sumBy(d.open, 'status', s) }))}
            />
          </Card>
          <Card title={t('dashboard.openByPriority')}>
            <Counts
              rows={TICKET_LEVELS.map((l) => ({ label: t(`level.${l}`), count: sumBy(d.open, 'priority', l) }))}
            />
          </Card>
          <Card title={t('dashboard.breached')}>
            <Text
              component="div"
              fz={32}
              fw={700}
              c={d.breached > 0 ? 'red' : undefined}
              data-testid="support-breached"
            >
              {formatCount(d.breached)}
            </Text>
            <Text size="xs" c="dimmed">
              {t('dashboard.breachedHelp')}
            </Text>
          </Card>
          <Card title={t('dashboard.medianResolution')}>
            <Text component="div" fz={32} fw={700}>
              {d.medianResolutionHours === null
                ? t('dashboard.none')
                : t('dashboard.hours', { hours: d.medianResolutionHours.toFixed(1) })}
            </Text>
            <Text size="xs" c="dimmed">
              {t('dashboard.medianHelp', { count: d.resolvedLast90Days })}
            </Text>
          </Card>
        </SimpleGrid>
      )}
    </section>
  );
}
