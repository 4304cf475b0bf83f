import { Stack } from '@mantine/core';
import { IconCopy, IconFileImport, IconPlus } from '@tabler/icons-react';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { PLANNING_SORTS } from '@amparo/shared/modules/budget.constants';
import { useContractSearch } from '../../../../shared/lib/url-search';
import { ListPage } from '../../../../shared/ui/list-page';
import { ButtonLink } from '../../../../shared/ui/router-links/button-link';
import { SortedListFooter } from '../../../../shared/ui/sorted-list-footer';
import { XlsxExport } from '../../../../shared/ui/xlsx-export';
import { isFiltered, planningSearch, type PlanningSearch } from '../api/list-search';
import { PLANNING_PAGE_SIZES } from '../api/list-url';
import { currentYear } from '../../shared/years';
import { usePlanningList } from '../api/queries';
import { MonthTotals } from '../components/month-totals';
import { PlanningFilters } from '../components/planning-filters';
import { PlanningTable } from '../components/planning-table';
import { isEditable, usePlanYear } from '../../plan/api';
import { LockableAction } from '../../plan/lockable-action';
import { PlanStatusPanel } from '../../plan/plan-status-panel';

/**
 * Presupuesto › Planificación › list (`/budget/planning/list`, issue 13
 * section 3): the POA's lines of a year (this year in Guatemala by default)
 * by axis, program, expense type, responsible and headquarter, sorted and
 * paged, all in the URL; under them the amount per month and the total over
 * every match, in Q; the same filters export to xlsx. Above the lines, the
 * state of the year's plan and its workflow; while the year is submitted or
 * approved, adding, importing and copying into it are shown disabled, with
 * the reason.
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
  const year = search.year;
  const plan = usePlanYear(year).data;
  const locked = !isEditable(plan);
  const lockedReason =
    plan?.status === 'closed' ? t('budget:plan.lockedClosed', { year }) : t('errors:field.plan_locked', { year });

  return (
    <ListPage
      title={t('budget:planning.title')}
      description={t('budget:planning.description')}
      actions={
        <>
          <LockableAction
            locked={locked}
            reason={lockedReason}
            label={t('budget:plan.listActions.import')}
            icon={<IconFileImport size={16} />}
            variant="default"
          >
            <ButtonLink to="/budget/planning/import" variant="default" leftSection={<IconFileImport size={16} />}>
              {t('budget:plan.listActions.import')}
            </ButtonLink>
          </LockableAction>
          <LockableAction
            locked={locked}
            reason={lockedReason}
            label={t('budget:plan.listActions.copy', { from: year - 1 })}
            icon={<IconCopy size={16} />}
            variant="default"
          >
            <ButtonLink
              to="/budget/planning/copy-year"
              search={{ from: year - 1 }}
              variant="default"
              leftSection={<IconCopy size={16} />}
            >
              {t('budget:plan.listActions.copy', { from: year - 1 })}
            </ButtonLink>
          </LockableAction>
          <LockableAction
            locked={locked}
            reason={lockedReason}
            label={t('budget:planning.add')}
            icon={<IconPlus size={16} />}
          >
            <ButtonLink
              to="/budget/planning/add"
              search={{ year: year === currentYear() ? undefined : year }}
              leftSection={<IconPlus size={16} />}
            >
              {t('budget:planning.add')}
            </ButtonLink>
          </LockableAction>
        </>
      }
      filters={<PlanningFilters search={search} onChange={(patch) => update(patch)} knownUsers={knownUsers} />}
      exportSlot={
        <>
          <PlanStatusPanel year={year} />
          <XlsxExport path="/api/budget/planning/export" search={search} filePrefix="poa" ns="budget" />
        </>
      }
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
        editable={!locked}
        sort={{
          by: search.sort,
          order: search.order,
          onChange: (by, order) => update({ sort: by as PlanningSearch['sort'], order }),
        }}
      />
    </ListPage>
  );
}
