import { Stack } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { PLANNING_SORTS } from '@amparo/shared/modules/budget.schema';
import { useContractSearch } from '../../../shared/lib/url-search';
import { ListPage } from '../../../shared/ui/list-page';
import { ButtonLink } from '../../../shared/ui/router-links/button-link';
import { SortedListFooter } from '../../../shared/ui/sorted-list-footer';
import { XlsxExport } from '../../../shared/ui/xlsx-export';
import { isFiltered, planningSearch, type PlanningSearch } from '../api/list-search';
import { PLANNING_PAGE_SIZES } from '../api/list-url';
import { usePlanningList } from '../api/queries';
import { MonthTotals } from '../components/month-totals';
import { PlanningFilters } from '../components/planning-filters';
import { PlanningTable } from '../components/planning-table';

/**
 * Presupuesto › Planificación › list (`/budget/planning/list`, issue 13
 * section 3): the POA's lines of a year (this year in Guatemala by default)
 * by axis, program, expense type, responsible and headquarter, sorted and
 * paged, all in the URL; under them the amount per month and the total over
 * every match, in Q; the same filters export to xlsx.
 */
export function PlanningListPage() {
  const { t } = useTranslation('budget');
  const navigate = useNavigate();
  const search = useContractSearch(planningSearch, useSearch({ from: '/app/budget/planning/list' }));
  const update = (patch: Partial<PlanningSearch>, resetPage = true) =>
    void navigate({
      to: '/budget/planning/list',
      search: { ...search, ...(resetPage ? { page: 1 } : {}), ...patch },
      replace: true,
    });

  const list = usePlanningList(search);
  const data = list.data;
  const knownUsers = (data?.items ?? []).map((r) => ({ id: r.responsibleId, fullName: r.responsibleName ?? '' }));

  return (
    <ListPage
      title={t('budget:planning.title')}
      description={t('budget:planning.description')}
      actions={
        <ButtonLink to="/budget/planning/add" leftSection={<IconPlus size={16} />}>
          {t('budget:planning.add')}
        </ButtonLink>
      }
      filters={<PlanningFilters search={search} onChange={(patch) => update(patch)} knownUsers={knownUsers} />}
      exportSlot={<XlsxExport path="/api/budget/planning/export" search={search} filePrefix="poa" ns="budget" />}
      query={list}
      busy={list.isPlaceholderData}
      footer={
        <Stack gap="md">
          <MonthTotals totals={data?.totals} />
          <SortedListFooter
            search={search}
            data={data}
            pageSizes={PLANNING_PAGE_SIZES}
            sorts={PLANNING_SORTS}
            sortLabel={(s) => t(`budget:planning.sort.${s}`)}
            totalLabel={(total, count) => t('budget:planning.total', { total, count })}
            update={update}
          />
        </Stack>
      }
    >
      <PlanningTable
        rows={data?.items}
        total={data?.totals.total}
        pageSize={search.pageSize}
        filtered={isFiltered(search)}
        sort={{
          by: search.sort,
          order: search.order,
          onChange: (by, order) => update({ sort: by as PlanningSearch['sort'], order }),
        }}
      />
    </ListPage>
  );
}
