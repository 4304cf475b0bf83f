import { Group, Paper, SimpleGrid, Stack, Title } from '@mantine/core';
import { IconAlarm, IconCash, IconListDetails, IconReceipt, IconTicket } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '@amparo/shared/format';
import { AnchorLink } from '../../../shared/ui/router-links/anchor-link';
import type { DashboardData } from '../api/queries';
import { StatCard } from './stat-card';

/**
 * The cards of the areas the user holds (issue 24 section 6, item 7): support (open tickets, past a target) for
 * support staff and the current year's POA (lines, planned, executed) for planners, each with a link to its
 * screen. The server sends null for an area the user does not hold, so nothing of it is drawn.
 */
export function AreaCards({ data }: { data: DashboardData }) {
  const { t } = useTranslation('dashboard');
  if (!data.support && !data.budget) return null;
  return (
    <Stack gap="lg" mb="lg">
      {data.support && (
        <Paper withBorder p="md" component="section" data-testid="area-support">
          <Group justify="space-between" mb="sm">
            <Title order={2} size="h4">
              {t('dashboard:areas.support')}
            </Title>
            <AnchorLink to="/support/board" size="sm">
              {t('dashboard:areas.openBoard')}
            </AnchorLink>
          </Group>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <StatCard
              label={t('dashboard:areas.supportOpen')}
              value={data.support.open}
              icon={<IconTicket size={22} />}
              color="blue"
              testId="stat-support-open"
            />
            <StatCard
              label={t('dashboard:areas.supportBreached')}
              value={data.support.breached}
              icon={<IconAlarm size={22} />}
              color="red"
              testId="stat-support-breached"
            />
          </SimpleGrid>
        </Paper>
      )}
      {data.budget && (
        <Paper withBorder p="md" component="section" data-testid="area-budget">
          <Group justify="space-between" mb="sm">
            <Title order={2} size="h4">
              {t('dashboard:areas.budget', { year: data.budget.year })}
            </Title>
            <AnchorLink to="/budget/summary/poa" size="sm">
              {t('dashboard:areas.openSummary')}
            </AnchorLink>
          </Group>
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <StatCard
              label={t('dashboard:areas.budgetLines')}
              value={data.budget.lineCount}
              icon={<IconListDetails size={22} />}
              color="teal"
              testId="stat-budget-lines"
            />
            <StatCard
              label={t('dashboard:areas.budgetPlanned')}
              value={formatMoney(data.budget.planned)}
              icon={<IconCash size={22} />}
              color="blue"
              testId="stat-budget-planned"
            />
            <StatCard
              label={t('dashboard:areas.budgetExecuted')}
              value={formatMoney(data.budget.executed)}
              icon={<IconReceipt size={22} />}
              color="grape"
              testId="stat-budget-executed"
            />
          </SimpleGrid>
        </Paper>
      )}
    </Stack>
  );
}
