import { useState, type ReactNode } from 'react';
import { Alert, Button, Fieldset, Grid, Group, Paper, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import type { PlanningLine, planningLineInput } from '@amparo/shared/modules/budget.schema';
import { useZodForm } from '../../../../shared/hooks/use-zod-form';
import { saveErrorOf, type SaveError } from '../../../../shared/lib/save-error';
import type { UserPickerOption } from '../../../../shared/ui/user-picker';
import { ButtonLink } from '../../../../shared/ui/router-links/button-link';
import { ClassificationFields } from './classification-fields';
import { FormTotals } from './form-totals';
import { MonthGrid } from './month-grid';
import { PeoplePlaceFields } from './people-place-fields';
import { planningFormSchema, type PlanningValues } from './planning-values';

interface PlanningFormProps {
  initialValues: PlanningValues;
  /** The line being edited: its deactivated codes and its users stay offered. */
  saved?: PlanningLine;
  /** Users the pickers offer without a search (the signed-in planner of a new line). */
  knownUsers?: UserPickerOption[];
  /** Saves the checked body; throws the API's error (the form reports it). */
  onSubmit: (body: z.output<typeof planningLineInput>) => Promise<unknown>;
  saving: boolean;
  /** Reloads the saved line after a 409 (someone saved it first). */
  onReload?: () => Promise<unknown>;
  /** Buttons beside save (delete on the edit page). */
  extraActions?: ReactNode;
  /** A line of a year whose plan is not a draft: shown, not editable, without save (the page says why). */
  readOnly?: boolean;
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper withBorder p="lg">
      <Title order={2} size="h4" mb="md">
        {title}
      </Title>
      {children}
    </Paper>
  );
}

/**
 * A planning line of the POA (issue 13 section 3): classification, what will
 * be done, who and where, and its 12 months with live totals (the line's,
 * and its program's, axis's and year's with it). Checked with
 * the shared contract as the user types; on save, a 400's field errors land
 * beside their fields (a month's too: `months.3.amount`), a 409 says someone
 * saved first and offers to reload, any other refusal says its own reason
 * (a locked plan, a closed year), all beside the save button, and a failure
 * without an answer says the planning could not be saved (the server writes
 * all or nothing). Read-only, its fields are disabled and it has no save.
 */
export function PlanningForm({
  initialValues,
  saved,
  knownUsers = [],
  onSubmit,
  saving,
  onReload,
  extraActions,
  readOnly = false,
}: PlanningFormProps) {
  const { t } = useTranslation('budget');
  const { form } = useZodForm<PlanningValues>(planningFormSchema, initialValues);
  const [saveError, setSaveError] = useState<SaveError | null>(null);
  const [reloading, setReloading] = useState(false);
  const users: UserPickerOption[] = [...knownUsers];
  if (saved) {
    users.push({ id: saved.responsibleId, fullName: saved.responsibleName ?? '' });
    users.push({ id: saved.plannerId, fullName: saved.plannerName ?? '' });
  }

  const submit = form.onSubmit(async (values) => {
    setSaveError(null);
    try {
      await onSubmit(planningFormSchema.parse(values) as z.output<typeof planningLineInput>);
    } catch (error) {
      // Beside the save button, where the eye is (issue 24 section 6 item 1); field errors also beside their fields.
      setSaveError(saveErrorOf(error, t, t('budget:planning.saveFailed'), form.setErrors));
    }
  });
  const reload = async () => {
    setReloading(true);
    try {
      await onReload?.();
      setSaveError(null);
    } finally {
      setReloading(false);
    }
  };

  return (
    <form
      onSubmit={submit}
      noValidate
      aria-label={saved ? t('budget:planning.editTitle') : t('budget:planning.addTitle')}
    >
      <Stack>
        <Fieldset variant="unstyled" disabled={readOnly} p={0}>
          <Stack>
            <Section title={t('budget:planning.sections.classification')}>
              <ClassificationFields form={form} saved={saved} />
            </Section>
            <Section title={t('budget:planning.sections.what')}>
              <Grid>
                <Grid.Col span={{ base: 12, sm: 8 }}>
                  <Textarea
                    label={t('budget:planning.fields.description')}
                    withAsterisk
                    autosize
                    minRows={2}
                    maxLength={1000}
                    {...form.getInputProps('description')}
                  />
                </Grid.Col>
                <Grid.Col span={{ base: 12, sm: 4 }}>
                  <TextInput
                    label={t('budget:planning.fields.goalUnit')}
                    description={t('budget:planning.fields.goalUnitHint')}
                    inputWrapperOrder={['label', 'input', 'description', 'error']}
                    withAsterisk
                    maxLength={60}
                    {...form.getInputProps('goalUnit')}
                  />
                </Grid.Col>
              </Grid>
            </Section>
            <Section title={t('budget:planning.sections.who')}>
              <PeoplePlaceFields form={form} knownUsers={users} savedHeadquarter={saved?.headquarterId} />
            </Section>
            <Section title={t('budget:planning.sections.months')}>
              <MonthGrid form={form} />
              <FormTotals form={form} saved={saved} />
            </Section>
          </Stack>
        </Fieldset>
        {saveError && (
          <Alert
            color={saveError.reload ? 'orange' : 'red'}
            role="alert"
            data-testid="save-error"
            title={saveError.reload ? t('budget:planning.conflictTitle') : t('budget:planning.saveRefused')}
          >
            <Group justify="space-between" wrap="wrap">
              <Text size="sm">{saveError.message}</Text>
              {saveError.reload && onReload && (
                <Button size="xs" variant="light" color="orange" loading={reloading} onClick={() => void reload()}>
                  {t('budget:planning.reload')}
                </Button>
              )}
            </Group>
          </Alert>
        )}
        <Group justify="space-between">
          <Group>{extraActions}</Group>
          <Group>
            <ButtonLink to="/budget/planning/list" variant="default">
              {t('common:actions.cancel')}
            </ButtonLink>
            {!readOnly && (
              <Button type="submit" loading={saving}>
                {t('common:actions.save')}
              </Button>
            )}
          </Group>
        </Group>
      </Stack>
    </form>
  );
}
