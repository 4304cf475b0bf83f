import { NumberInput, Select, SimpleGrid } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PLAN_YEAR_MAX, PLAN_YEAR_MIN } from '@amparo/shared/modules/budget.schema';
import { CatalogEmptyHint } from '../../../../shared/ui/catalog-empty-hint';
import { usePlanningOptions } from '../../shared/options';
import type { PlanningForm } from './planning-values';

interface Props {
  form: PlanningForm;
  /** The saved line's codes: offered even if deactivated since (a new line gets active ones only). */
  saved?: { strategicAxis: string; program: string; expenseType: string };
}

/**
 * A line's year and classification: strategic axis, a program of that axis
 * (its list follows the axis; another axis clears it) and expense type.
 */
export function ClassificationFields({ form, saved }: Props) {
  const { t } = useTranslation('budget');
  const axis = form.values.strategicAxis;
  const axes = usePlanningOptions('strategic_axis', { keep: [saved?.strategicAxis] });
  const programs = usePlanningOptions('program', { parent: axis, keep: [saved?.program], enabled: !!axis });
  const types = usePlanningOptions('expense_type', { keep: [saved?.expenseType] });
  const select = { searchable: true, nothingFoundMessage: t('common:status.empty') };
  // Loaded and empty: say where the options come from (a fresh install has none).
  const empty = (options: { isSuccess: boolean; data: unknown[] }) => options.isSuccess && options.data.length === 0;

  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }}>
      <NumberInput
        label={t('budget:planning.fields.year')}
        withAsterisk
        min={PLAN_YEAR_MIN}
        max={PLAN_YEAR_MAX}
        allowDecimal={false}
        allowNegative={false}
        thousandSeparator={false}
        {...form.getInputProps('year')}
      />
      <Select
        {...select}
        label={t('budget:planning.fields.strategicAxis')}
        withAsterisk
        data={axes.data}
        description={
          empty(axes) && <CatalogEmptyHint catalog="strategic_axis" label={t('budget:planning.fields.strategicAxis')} />
        }
        {...form.getInputProps('strategicAxis')}
        onChange={(value) => {
          if (value !== axis) form.setFieldValue('program', null);
          form.setFieldValue('strategicAxis', value);
        }}
      />
      <Select
        {...select}
        label={t('budget:planning.fields.program')}
        withAsterisk
        disabled={!axis}
        data={programs.data}
        description={
          !!axis &&
          empty(programs) && <CatalogEmptyHint catalog="program" label={t('budget:planning.fields.program')} />
        }
        {...form.getInputProps('program')}
      />
      <Select
        {...select}
        label={t('budget:planning.fields.expenseType')}
        withAsterisk
        data={types.data}
        description={
          empty(types) && <CatalogEmptyHint catalog="expense_type" label={t('budget:planning.fields.expenseType')} />
        }
        {...form.getInputProps('expenseType')}
      />
    </SimpleGrid>
  );
}
