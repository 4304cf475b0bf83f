import type { ReactNode } from 'react';
import { Group, Paper, SimpleGrid, Stack, Title } from '@mantine/core';
import { IconAlarm, IconCash, IconListDetails, IconReceipt, IconTicket } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '@amparo/shared/format';
import { AnchorLink } from '../../../shared/ui/router-links/anchor-link';
import type { DashboardData } from '../api/queries';
import { StatCard } from './stat-card';

/** One area's card: its title, a link to its screen, and its figures in `cols` columns from the small size on. */
function AreaSection(props: { testId: string; title: string; link: ReactNode; cols: number; children: ReactNode }) {
  return (
    <Paper withBorder p="md" component="section" data-testid={props.testId}>
      <Group justify="space-between" mb="sm">
        <Title order={2} size="h4">
          {props.title}
        </Title>
        {props.link}
      </Group>
      <SimpleGrid cols={{ base: 1, sm: props.cols }}>{props.children}</SimpleGrid>
    </Paper>
  );
}

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
        <AreaSection
          testId="area-support"
          title={t('dashboard:areas.support')}
          link={
            <AnchorLink to="/support/board" size="sm">
              {t('dashboard:areas.openBoard')}
            </AnchorLink>
          }
          cols={2}
        >
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
        </AreaSection>
      )}
      {data.budget && (
        <AreaSection
          testId="area-budget"
          title={t('dashboard:areas.budget', { year: data.budget.year })}
          link={
            <AnchorLink to="/budget/summary/poa" size="sm">
              {t('dashboard:areas.openSummary')}
            </AnchorLink>
          }
          cols={3}
        >
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
        </AreaSection>
      )}
    </Stack>
  );
}
