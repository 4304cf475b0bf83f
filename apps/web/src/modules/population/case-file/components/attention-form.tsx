import { useState } from 'react';
import { NumberInput, SimpleGrid, Stack, Textarea } from '@mantine/core';
import { DateInput, DatesProvider } from '@mantine/dates';
import { TimeField } from '../../../../shared/ui/time-field';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import 'dayjs/locale/es';
import { attentionInput, attentionUpdate } from '@amparo/shared/modules/population-case.schema';
import { isoDate } from '@amparo/shared/validation';
import { useCurrentUser } from '../../../../shared/hooks/use-current-user';
import { useZodForm } from '../../../../shared/hooks/use-zod-form';
import { notifySuccess } from '../../../../shared/lib/notify';
import { useSaveAttention } from '../../persons/api/mutations';
import { populationKeys, type Attention, type UserOption } from '../../persons/api/queries';
import { CatalogSelect } from '../../shared/components/catalog-select';
import { isVersionConflict, nowInGuatemala, renameFieldErrors } from '../../shared/lib/case-file-utils';
import { UserPicker } from '../../shared/components/user-picker';
import { RecordFormActions } from '../../shared/components/record-form-actions';
import { PlanningLineSelect } from '../../shared/components/planning-line-select';
import { yearOfDate } from '../../shared/api/planning-lines';

type AttentionFormValues = {
  /** Form only: the date and the time of `attendedAt`, entered apart. */
  attendedDate: string | null;
  attendedTime: string;
  professionalId: string | null;
  area: string | null;
  modality: string | null;
  durationMinutes: number | string;
  summary: string;
  agreements: string;
  nextFollowUp: string | null;
  /** The planning line (POA) of the attention's year it executes, if any. */
  planningLineId: string | null;
  version?: number;
};

/** The request body: `attendedAt` as 'YYYY-MM-DDTHH:mm', local Guatemala time. */
function toAttentionBody({ attendedDate, attendedTime, durationMinutes, ...rest }: AttentionFormValues) {
  return {
    ...rest,
    attendedAt: attendedDate && attendedTime ? `${attendedDate}T${attendedTime.slice(0, 5)}` : '',
    durationMinutes: durationMinutes === '' ? undefined : durationMinutes,
  };
}

/**
 * The date and time fields carry their own errors (the contract only knows
 * `attendedAt`); an empty duration is 'required', not 'not a number'. The
 * rest is the shared contract, on the body that will be sent.
 */
const ownFields = z.object({
  attendedDate: isoDate,
  attendedTime: z
    .string()
    .min(1, 'required')
    .regex(/^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/, 'invalid'),
  durationMinutes: z.number(),
});
const attentionFormSchema = (editing: boolean) =>
  z.intersection(
    ownFields,
    z.preprocess((v) => toAttentionBody(v as AttentionFormValues), editing ? attentionUpdate : attentionInput),
  );

function toFormValues(a: Attention | undefined, professionalId: string | null): AttentionFormValues {
  if (!a) {
    const now = nowInGuatemala();
    return {
      attendedDate: now.date,
      attendedTime: now.time,
      professionalId,
      area: null,
      modality: null,
      durationMinutes: '',
      summary: '',
      agreements: '',
      nextFollowUp: null,
      planningLineId: null,
    };
  }
  const [date = null, time = ''] = a.attendedAt.split('T');
  return {
    attendedDate: date,
    attendedTime: time.slice(0, 5),
    professionalId: a.professionalId,
    area: a.area,
    modality: a.modality,
    durationMinutes: a.durationMinutes,
    summary: a.summary,
    agreements: a.agreements ?? '',
    nextFollowUp: a.nextFollowUp,
    planningLineId: a.planningLineId,
    version: a.version,
  };
}

interface AttentionFormProps {
  personId: string;
  attention?: Attention;
  onDone: () => void;
}

/** Records or edits an attention; a new one defaults to now and to the signed-in user as professional. */
export function AttentionForm({ personId, attention, onDone }: AttentionFormProps) {
  const { t, i18n } = useTranslation('population');
  const qc = useQueryClient();
  const user = useCurrentUser();
  const save = useSaveAttention(personId);
  const { form, submitWith } = useZodForm<AttentionFormValues>(
    attentionFormSchema(!!attention),
    toFormValues(attention, user?.id ?? null),
  );
  const [conflict, setConflict] = useState(false);

  const professional: UserOption | null = attention
    ? { id: attention.professionalId, fullName: attention.professionalName, username: '' }
    : user && { id: user.id, fullName: user.fullName, username: user.username };

  const submit = submitWith(async (values) => {
    const body = (attention ? attentionUpdate : attentionInput).parse(toAttentionBody(values));
    try {
      await save.mutateAsync({ id: attention?.id, body });
    } catch (error) {
      // The server judges `attendedAt` (e.g. too far in the future): show it on the date.
      if (!isVersionConflict(error)) throw renameFieldErrors(error, (f) => (f === 'attendedAt' ? 'attendedDate' : f));
      setConflict(true);
      return;
    }
    notifySuccess(t('attentions.saved'));
    onDone();
  });

  const reload = () => {
    void qc.invalidateQueries({ queryKey: populationKeys.attentions(personId) });
    onDone();
  };

  return (
    <DatesProvider settings={{ locale: i18n.language.startsWith('en') ? 'en' : 'es', firstDayOfWeek: 0 }}>
      <form
        onSubmit={submit}
        noValidate
        aria-label={attention ? t('attentions.edit_title') : t('attentions.add_title')}
      >
        <Stack gap="sm">
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <DateInput
              label={t('attentions.date')}
              valueFormat="YYYY-MM-DD"
              placeholder={t('common.date_placeholder')}
              withAsterisk
              {...form.getInputProps('attendedDate')}
            />
            <TimeField
              label={t('attentions.time')}
              description={t('attentions.time_help')}
              inputWrapperOrder={['label', 'input', 'description', 'error']}
              withAsterisk
              {...form.getInputProps('attendedTime')}
            />
            <UserPicker
              label={t('attentions.professional')}
              withAsterisk
              initialOption={professional}
              {...form.getInputProps('professionalId')}
            />
            <NumberInput
              label={t('attentions.duration')}
              min={1}
              max={1440}
              allowDecimal={false}
              allowNegative={false}
              withAsterisk
              {...form.getInputProps('durationMinutes')}
            />
            <CatalogSelect
              catalog="attention_area"
              label={t('attentions.area')}
              withAsterisk
              {...form.getInputProps('area')}
            />
            <CatalogSelect
              catalog="attention_modality"
              label={t('attentions.modality')}
              withAsterisk
              {...form.getInputProps('modality')}
            />
          </SimpleGrid>
          <Textarea
            label={t('attentions.summary')}
            withAsterisk
            autosize
            minRows={3}
            maxLength={4000}
            {...form.getInputProps('summary')}
          />
          <Textarea
            label={t('attentions.agreements')}
            autosize
            minRows={2}
            maxLength={4000}
            {...form.getInputProps('agreements')}
          />
          <DateInput
            label={t('attentions.nextFollowUp')}
            valueFormat="YYYY-MM-DD"
            placeholder={t('common.date_placeholder')}
            clearable
            maw={280}
            {...form.getInputProps('nextFollowUp')}
          />
          <PlanningLineSelect
            label={t('planningLine.label')}
            description={t('planningLine.help')}
            inputWrapperOrder={['label', 'input', 'description', 'error']}
            year={yearOfDate(form.values.attendedDate)}
            {...form.getInputProps('planningLineId')}
          />

          <RecordFormActions conflict={conflict} onReload={reload} onCancel={onDone} saving={save.isPending} />
        </Stack>
      </form>
    </DatesProvider>
  );
}
