import { useState, type ReactNode } from 'react';
import {
  ActionIcon,
  Button,
  Group,
  Input,
  NumberInput,
  Paper,
  Pill,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Textarea,
  Title,
} from '@mantine/core';
import { DateInput, DatesProvider } from '@mantine/dates';
import { TimeField } from '../../../../shared/ui/time-field';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import 'dayjs/locale/es';
import { activityCreate, activityUpdate } from '@amparo/shared/modules/population-activities.schema';
import { isoDate } from '@amparo/shared/validation';
import { useCurrentUser } from '../../../../shared/hooks/use-current-user';
import { useZodForm } from '../../../../shared/hooks/use-zod-form';
import type { Activity } from '../api/queries';
import type { ActivityBody, ActivityUpdateBody } from '../api/mutations';
import { populationKeys, type UserOption } from '../../persons/api/queries';
import { CatalogSelect } from '../../shared/components/catalog-select';
import { CatalogMultiSelect } from '../../shared/components/catalog-multi-select';
import { nowInGuatemala } from '../../shared/lib/case-file-utils';
import { UserPicker } from '../../shared/components/user-picker';
import { PlanningLineSelect } from '../../shared/components/planning-line-select';
import { yearOfDate } from '../../shared/api/planning-lines';
import { ParticipantsField } from './participants-field';

interface UnregisteredRow {
  sex: string | null;
  ageGroup: string | null;
  count: number | string;
}

export type ActivityFormValues = {
  name: string;
  activityType: string | null;
  /** Form only: the date and time of `startsAt`, entered apart. */
  startsDate: string | null;
  startsTime: string;
  headquarterId: string | null;
  state: string | null;
  town: string | null;
  place: string;
  facilitatorIds: string[];
  thematic: string[];
  description: string;
  unregistered: UnregisteredRow[];
  /** The planning line (POA) of the activity's year it executes, if any. */
  planningLineId: string | null;
  /** A new activity only: the registered participants picked in the form. */
  participantIds?: string[];
  version?: number;
};

interface Facilitator {
  id: string;
  fullName: string;
}

/** The request body: `startsAt` as 'YYYY-MM-DDTHH:mm', local Guatemala time. */
export function toActivityBody({ startsDate, startsTime, ...rest }: ActivityFormValues) {
  return {
    ...rest,
    startsAt: startsDate && startsTime ? `${startsDate}T${startsTime.slice(0, 5)}` : '',
    unregistered: rest.unregistered.map((u) => ({ ...u, count: u.count === '' ? undefined : u.count })),
  };
}

/** The date and time inputs carry their own errors; the rest is the shared contract on the body that will be sent. */
const ownFields = z.object({
  startsDate: isoDate,
  startsTime: z
    .string()
    .min(1, 'required')
    .regex(/^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/, 'invalid'),
});
const activityFormSchema = (editing: boolean) =>
  z.intersection(
    ownFields,
    z.preprocess((v) => toActivityBody(v as ActivityFormValues), editing ? activityUpdate : activityCreate),
  );

function toFormValues(a: Activity | undefined, userId: string | null): ActivityFormValues {
  if (!a) {
    const now = nowInGuatemala();
    return {
      name: '',
      activityType: null,
      startsDate: now.date,
      startsTime: now.time,
      headquarterId: null,
      state: null,
      town: null,
      place: '',
      facilitatorIds: userId ? [userId] : [],
      thematic: [],
      description: '',
      unregistered: [],
      planningLineId: null,
      participantIds: [],
    };
  }
  const [date = null, time = ''] = a.startsAt.split('T');
  return {
    name: a.name,
    activityType: a.activityType,
    startsDate: date,
    startsTime: time.slice(0, 5),
    headquarterId: a.headquarterId,
    state: a.state,
    town: a.town,
    place: a.place ?? '',
    facilitatorIds: a.facilitators.map((f) => f.id),
    thematic: a.thematic,
    description: a.description ?? '',
    unregistered: a.unregistered.map((u) => ({ ...u })),
    planningLineId: a.planningLineId,
    version: a.version,
  };
}

interface Props {
  activity?: Activity;
  submitting: boolean;
  /** A notice above the buttons (the version conflict). */
  notice?: ReactNode;
  onCancel: () => void;
  /** Saves; may throw an ApiError, whose field errors go beside the fields. */
  onSubmit: (body: ActivityBody | ActivityUpdateBody) => Promise<void>;
}

/** Creates or edits a group activity; a new one takes its first registered participants too (photos, and later participants, are on the activity's page). */
export function ActivityForm({ activity, submitting, notice, onCancel, onSubmit }: Props) {
  const { t, i18n } = useTranslation('activities');
  const user = useCurrentUser();
  const { form, submitWith } = useZodForm<ActivityFormValues>(
    activityFormSchema(!!activity),
    toFormValues(activity, user?.id ?? null),
  );
  const [facilitators, setFacilitators] = useState<Facilitator[]>(
    activity ? activity.facilitators : user ? [{ id: user.id, fullName: user.fullName }] : [],
  );
  // Remounts the picker after each choice, so it is empty for the next one.
  const [pickerKey, setPickerKey] = useState(0);
  const { state, facilitatorIds, unregistered } = form.values;
  const qc = useQueryClient();
  // The picker answers the id; the name comes from the search it just showed (cached).
  const userName = (id: string) =>
    qc
      .getQueriesData<UserOption[]>({ queryKey: populationKeys.users('').slice(0, 2) })
      .flatMap(([, users]) => users ?? [])
      .find((u) => u.id === id)?.fullName;

  const submit = submitWith(async (values) => {
    const body = (activity ? activityUpdate : activityCreate).parse(toActivityBody(values));
    await onSubmit(body);
  });

  const addFacilitator = (f: Facilitator) => {
    if (!facilitatorIds.includes(f.id)) {
      setFacilitators((all) => [...all.filter((x) => x.id !== f.id), f]);
      form.setFieldValue('facilitatorIds', [...facilitatorIds, f.id]);
    }
    setPickerKey((k) => k + 1);
  };
  const removeFacilitator = (id: string) =>
    form.setFieldValue(
      'facilitatorIds',
      facilitatorIds.filter((x) => x !== id),
    );
  const facilitatorError = form.errors.facilitatorIds;

  return (
    <DatesProvider settings={{ locale: i18n.language.startsWith('en') ? 'en' : 'es', firstDayOfWeek: 0 }}>
      <form onSubmit={submit} noValidate aria-label={activity ? t('form.title_edit') : t('form.title_add')}>
        <Stack gap="md">
          <Paper withBorder p="md">
            <Stack gap="sm">
              <Title order={2} size="h4">
                {t('form.section_general')}
              </Title>
              <TextInput label={t('fields.name')} withAsterisk maxLength={200} {...form.getInputProps('name')} />
              <SimpleGrid cols={{ base: 1, sm: 3 }}>
                <CatalogSelect
                  catalog="activity_type"
                  label={t('fields.activityType')}
                  withAsterisk
                  {...form.getInputProps('activityType')}
                />
                <DateInput
                  label={t('fields.date')}
                  valueFormat="YYYY-MM-DD"
                  placeholder={t('list.date_placeholder')}
                  withAsterisk
                  {...form.getInputProps('startsDate')}
                />
                <TimeField
                  label={t('fields.time')}
                  description={t('form.time_help')}
                  inputWrapperOrder={['label', 'input', 'description', 'error']}
                  withAsterisk
                  {...form.getInputProps('startsTime')}
                />
              </SimpleGrid>
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                <CatalogSelect
                  catalog="headquarter"
                  label={t('fields.headquarter')}
                  {...form.getInputProps('headquarterId')}
                />
                <TextInput label={t('fields.place')} maxLength={200} {...form.getInputProps('place')} />
                <CatalogSelect
                  catalog="department"
                  label={t('fields.state')}
                  withAsterisk
                  {...form.getInputProps('state')}
                  onChange={(value) => {
                    // The municipality list follows the department: one of another department is never kept.
                    if (value !== form.values.state) form.setFieldValue('town', null);
                    form.setFieldValue('state', value);
                  }}
                />
                <CatalogSelect
                  // A new department gives a new list (and an empty choice).
                  key={state ?? ''}
                  catalog="municipality"
                  parent={state ?? undefined}
                  label={t('fields.town')}
                  withAsterisk
                  disabled={!state}
                  placeholder={state ? undefined : t('form.town_needs_state')}
                  {...form.getInputProps('town')}
                />
              </SimpleGrid>
              <CatalogMultiSelect catalog="thematic" label={t('fields.thematic')} {...form.getInputProps('thematic')} />
              <PlanningLineSelect
                label={t('population:planningLine.label')}
                description={t('planningLine.help')}
                inputWrapperOrder={['label', 'input', 'description', 'error']}
                year={yearOfDate(form.values.startsDate)}
                {...form.getInputProps('planningLineId')}
              />
              <Textarea
                label={t('fields.description')}
                autosize
                minRows={3}
                maxLength={4000}
                {...form.getInputProps('description')}
              />
            </Stack>
          </Paper>

          <Paper withBorder p="md">
            <Stack gap="sm">
              <Input.Wrapper
                label={t('fields.facilitators')}
                withAsterisk
                error={facilitatorError}
                description={t('form.facilitators_help')}
                inputWrapperOrder={['label', 'description', 'input', 'error']}
              >
                <Group gap="xs" mt={4} mb="xs" aria-live="polite">
                  {facilitatorIds.length === 0 && (
                    <Text size="sm" c="dimmed">
                      {t('form.no_facilitators')}
                    </Text>
                  )}
                  {facilitatorIds.map((id) => (
                    <Pill
                      key={id}
                      size="lg"
                      withRemoveButton
                      onRemove={() => removeFacilitator(id)}
                      // Mantine hides the remove button from keyboards and screen readers (meant for PillsInput): not here.
                      removeButtonProps={{
                        'aria-label': t('form.remove_facilitator', {
                          name: facilitators.find((f) => f.id === id)?.fullName ?? '',
                        }),
                        'aria-hidden': false,
                        tabIndex: 0,
                      }}
                    >
                      {facilitators.find((f) => f.id === id)?.fullName ?? id}
                    </Pill>
                  ))}
                </Group>
              </Input.Wrapper>
              <UserPicker
                key={pickerKey}
                source="activities"
                label={t('form.add_facilitator')}
                maw={420}
                value={null}
                onChange={(id) => {
                  if (id) addFacilitator({ id, fullName: userName(id) ?? id });
                }}
              />
            </Stack>
          </Paper>

          {!activity && (
            <Paper withBorder p="md">
              <ParticipantsField
                value={form.values.participantIds ?? []}
                onChange={(ids) => form.setFieldValue('participantIds', ids)}
                error={form.errors.participantIds}
              />
            </Paper>
          )}

          <Paper withBorder p="md">
            <Stack gap="sm">
              <Title order={2} size="h4">
                {t('fields.unregistered')}
              </Title>
              <Text size="sm" c="dimmed">
                {t('form.unregistered_help')}
              </Text>
              {unregistered.map((_row, i) => (
                <Group key={i} align="flex-start" gap="sm" wrap="wrap">
                  <CatalogSelect
                    catalog="sex"
                    label={t('fields.sex')}
                    withAsterisk
                    w={220}
                    {...form.getInputProps(`unregistered.${i}.sex`)}
                  />
                  <CatalogSelect
                    catalog="age_group"
                    label={t('fields.ageGroup')}
                    withAsterisk
                    w={320}
                    {...form.getInputProps(`unregistered.${i}.ageGroup`)}
                  />
                  <NumberInput
                    label={t('fields.count')}
                    withAsterisk
                    min={1}
                    max={10000}
                    allowDecimal={false}
                    allowNegative={false}
                    w={120}
                    {...form.getInputProps(`unregistered.${i}.count`)}
                  />
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    mt={28}
                    aria-label={t('form.remove_row', { row: i + 1 })}
                    onClick={() => form.removeListItem('unregistered', i)}
                  >
                    <IconTrash size={16} />
                  </ActionIcon>
                </Group>
              ))}
              {typeof form.errors.unregistered === 'string' && (
                <Text size="sm" c="red">
                  {form.errors.unregistered}
                </Text>
              )}
              <Button
                variant="light"
                leftSection={<IconPlus size={16} />}
                style={{ alignSelf: 'flex-start' }}
                disabled={unregistered.length >= 40}
                onClick={() => form.insertListItem('unregistered', { sex: null, ageGroup: null, count: 1 })}
              >
                {t('form.add_row')}
              </Button>
            </Stack>
          </Paper>

          {notice}
          <Group justify="flex-end">
            <Button variant="default" onClick={onCancel} disabled={submitting}>
              {t('common:actions.cancel')}
            </Button>
            <Button type="submit" loading={submitting}>
              {t('common:actions.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </DatesProvider>
  );
}
