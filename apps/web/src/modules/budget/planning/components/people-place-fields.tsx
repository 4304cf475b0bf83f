import { Select, SimpleGrid } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useCatalog } from '../../../../shared/hooks/use-catalog';
import { UserPicker, type UserPickerOption } from '../../../../shared/ui/user-picker';
import { usePlanningOptions } from '../../shared/options';
import { BUDGET_USERS_PATH } from '../api/queries';
import type { PlanningForm } from './planning-values';

interface Props {
  form: PlanningForm;
  /** Users offered whatever is searched: the saved line's responsible and planner, the signed-in planner. */
  knownUsers: UserPickerOption[];
  /** The saved line's headquarter: offered even if deactivated since. */
  savedHeadquarter?: string;
}

/**
 * Who answers for the line and who planned it (active users, searched by the
 * server), its headquarter, and optionally where in the country: a
 * department, then one of its municipalities (INE codes).
 */
export function PeoplePlaceFields({ form, knownUsers, savedHeadquarter }: Props) {
  const { t } = useTranslation('budget');
  const headquarters = usePlanningOptions('headquarter', { keep: [savedHeadquarter] });
  const department = form.values.department;
  const departments = useCatalog('department');
  const municipalities = useCatalog('municipality', { parent: department ?? undefined, enabled: !!department });

  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
      <UserPicker
        path={BUDGET_USERS_PATH}
        label={t('budget:planning.fields.responsible')}
        withAsterisk
        known={knownUsers}
        {...form.getInputProps('responsibleId')}
      />
      <UserPicker
        path={BUDGET_USERS_PATH}
        label={t('budget:planning.fields.planner')}
        withAsterisk
        known={knownUsers}
        {...form.getInputProps('plannerId')}
      />
      <Select
        label={t('budget:planning.fields.headquarter')}
        withAsterisk
        searchable
        data={headquarters.data}
        nothingFoundMessage={t('common:status.empty')}
        {...form.getInputProps('headquarterId')}
      />
      <Select
        label={t('budget:planning.fields.department')}
        description={t('budget:planning.fields.municipalityHint')}
        inputWrapperOrder={['label', 'input', 'description', 'error']}
        searchable
        clearable
        data={departments.data}
        value={department}
        onChange={(value) => {
          // The municipality list follows the department: one of another department is never kept.
          if (value !== department) form.setFieldValue('municipality', null);
          form.setFieldValue('department', value);
        }}
      />
      <Select
        label={t('budget:planning.fields.municipality')}
        searchable
        clearable
        disabled={!department}
        placeholder={department ? undefined : t('budget:planning.fields.municipalityNeedsDepartment')}
        data={municipalities.data}
        {...form.getInputProps('municipality')}
      />
    </SimpleGrid>
  );
}
