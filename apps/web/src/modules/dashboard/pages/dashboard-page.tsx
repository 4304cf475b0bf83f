import { lazy, Suspense } from 'react';
import { Alert, SimpleGrid } from '@mantine/core';
import { IconDoorEnter, IconDoorExit, IconUsersGroup } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '../../../shared/hooks/use-current-user';
import { PageHeader } from '../../../shared/ui/page-header';
import { PageError, PageLoader } from '../../../shared/ui/page-state';
import { useDashboard } from '../api/queries';
import { AreaCards } from '../components/area-cards';
import { InboxPanel } from '../components/inbox-panel';
import { StatCard } from '../components/stat-card';

// Charts (recharts) are the heaviest code of the app: loaded only once the counts are here.
const DashboardCharts = lazy(() =>
  import('../components/dashboard-charts').then((m) => ({ default: m.DashboardCharts })),
);

/**
 * The dashboard: the cards of the areas the user holds (support, the year's POA), what waits for the user across
 * workflows (the inbox, when anything does), then the population counts over
 * the persons they may see, or why those are empty and how access is given (issue 24 section 6, item 7).
 */
export function DashboardPage() {
  const { t } = useTranslation('dashboard');
  const user = useCurrentUser();
  const dashboard = useDashboard();

  return (
    <>
      <PageHeader
        title={t('dashboard:title')}
        description={user ? t('dashboard:welcome', { name: user.fullName }) : undefined}
      />
      {dashboard.isPending && <PageLoader />}
      {dashboard.isError && <PageError error={dashboard.error} onRetry={() => void dashboard.refetch()} />}
      {dashboard.data && <AreaCards data={dashboard.data} />}
      <InboxPanel />
      {dashboard.data?.populationEmpty && (
        <Alert color="blue" data-testid="population-empty">
          {t(`dashboard:empty.${dashboard.data.populationEmpty}`)}
        </Alert>
      )}
      {dashboard.data?.canSeePopulation && !dashboard.data.populationEmpty && (
        <>
          <SimpleGrid cols={{ base: 1, sm: 3 }} mb="lg">
            <StatCard
              label={t('dashboard:cards.total')}
              value={dashboard.data.total}
              icon={<IconUsersGroup size={22} />}
              color="teal"
              testId="stat-total"
            />
            <StatCard
              label={t('dashboard:cards.admitted')}
              value={dashboard.data.admitted}
              icon={<IconDoorEnter size={22} />}
              color="blue"
              testId="stat-admitted"
            />
            <StatCard
              label={t('dashboard:cards.departed')}
              value={dashboard.data.departed}
              icon={<IconDoorExit size={22} />}
              color="grape"
              testId="stat-departed"
            />
          </SimpleGrid>
          <Suspense fallback={<PageLoader />}>
            <DashboardCharts data={dashboard.data} />
          </Suspense>
        </>
      )}
    </>
  );
}
