import { useTranslation } from 'react-i18next';
import classes from './planning-grids.module.css';
import { UserPicker, type UserPickerOption } from '../../../../shared/ui/user-picker';
import type { PlanningSearch } from '../api/list-search';
import { usePlanningOptions } from '../../shared/options';
import { BUDGET_USERS_PATH } from '../api/queries';
import { yearOptions } from '../../shared/years';
import { LazySelect } from '../../../../shared/ui/lazy-select/lazy-select';

type Filters = Pick<
  PlanningSearch,
  'year' | 'strategicAxis' | 'program' | 'expenseType' | 'responsibleId' | 'headquarterId' | 'cooperatingId'
>;

interface Props {
  search: Filters;
  onChange: (patch: Partial<Filters>) => void;
  /** The responsibles of the rows shown, so a responsible chosen from the URL shows by name. */
  knownUsers: UserPickerOption[];
}

/**
 * The planning list's filters, kept in the URL: year (this year by default),
 * strategic axis, a program of that axis, expense type, responsible and
 * headquarter. Deactivated items are offered too: old lines still use them.
 */
export function PlanningFilters({ search, onChange, knownUsers }: Props) {
  const { t } = useTranslation('budget');
  const any = t('budget:planning.filters.any');
  const axes = usePlanningOptions('strategic_axis', { withInactive: true });
  const programs = usePlanningOptions('program', { parent: search.strategicAxis, withInactive: true });
  const types = usePlanningOptions('expense_type', { withInactive: true });
  const headquarters = usePlanningOptions('headquarter', { withInactive: true });
  const cooperating = usePlanningOptions('cooperating', { withInactive: true });
  const select = { searchable: true, clearable: true, placeholder: any, nothingFoundMessage: t('common:status.empty') };

  return (
    <div className={classes.filters} role="group" aria-label={t('budget:planning.filters.label')}>
      <LazySelect
        label={t('budget:planning.fields.year')}
        data={yearOptions(search.year)}
        allowDeselect={false}
        value={String(search.year)}
        onChange={(value) => value && onChange({ year: Number(value) })}
      />
      <LazySelect
        {...select}
        label={t('budget:planning.fields.strategicAxis')}
        data={axes.data}
        value={search.strategicAxis ?? null}
        onChange={(value) =>
          onChange({
            strategicAxis: value ?? undefined,
            // A program of another axis would match nothing.
            ...(value !== search.strategicAxis ? { program: undefined } : {}),
          })
        }
      />
      <LazySelect
        {...select}
        label={t('budget:planning.fields.program')}
        placeholder={search.strategicAxis ? any : t('budget:planning.filters.programNeedsAxis')}
        data={programs.data}
        value={search.program ?? null}
        onChange={(value) => onChange({ program: value ?? undefined })}
      />
      <LazySelect
        {...select}
        label={t('budget:planning.fields.expenseType')}
        data={types.data}
        value={search.expenseType ?? null}
        onChange={(value) => onChange({ expenseType: value ?? undefined })}
      />
      <UserPicker
        path={BUDGET_USERS_PATH}
        label={t('budget:planning.fields.responsible')}
        placeholder={any}
        known={knownUsers}
        value={search.responsibleId ?? null}
        onChange={(value) => onChange({ responsibleId: value ?? undefined })}
      />
      <LazySelect
        {...select}
        label={t('budget:planning.fields.headquarter')}
        data={headquarters.data}
        value={search.headquarterId ?? null}
        onChange={(value) => onChange({ headquarterId: value ?? undefined })}
      />
      <LazySelect
        {...select}
        label={t('budget:planning.fields.cooperating')}
        data={cooperating.data}
        value={search.cooperatingId ?? null}
        onChange={(value) => onChange({ cooperatingId: value ?? undefined })}
      />
    </div>
  );
}
