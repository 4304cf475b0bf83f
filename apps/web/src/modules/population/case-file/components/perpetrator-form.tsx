import { useState } from 'react';
import { NumberInput, SimpleGrid, Stack, Switch, Textarea, TextInput } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { perpetratorInput, perpetratorUpdate } from '@amparo/shared/modules/population-case.schema';
import { useZodForm } from '../../../../shared/hooks/use-zod-form';
import { notifySuccess } from '../../../../shared/lib/notify';
import { useSavePerpetrator } from '../../persons/api/mutations';
import { populationKeys, type Perpetrator } from '../../persons/api/queries';
import { CatalogSelect } from '../../shared/components/catalog-select';
import { CatalogMultiSelect } from '../../shared/components/catalog-multi-select';
import { isVersionConflict, renameFieldErrors } from '../../shared/lib/case-file-utils';
import { RecordFormActions } from '../../shared/components/record-form-actions';

type PerpetratorFormValues = {
  names: string;
  alias: string;
  sex: string | null;
  approximateAge: number | string;
  bond: string | null;
  thematic: string[];
  reported: boolean;
  reportedTo: string[];
  caseNumber: string;
  notes: string;
  version?: number;
};

/** Where it was reported and its case number only travel when it was reported. */
function toPerpetratorBody(values: PerpetratorFormValues) {
  return {
    ...values,
    reportedTo: values.reported ? values.reportedTo : [],
    caseNumber: values.reported ? values.caseNumber : null,
  };
}

const perpetratorFormSchema = (editing: boolean) =>
  z.preprocess((v) => toPerpetratorBody(v as PerpetratorFormValues), editing ? perpetratorUpdate : perpetratorInput);

function toFormValues(p: Perpetrator | undefined): PerpetratorFormValues {
  if (!p) {
    return {
      names: '',
      alias: '',
      sex: null,
      approximateAge: '',
      bond: null,
      thematic: [],
      reported: false,
      reportedTo: [],
      caseNumber: '',
      notes: '',
    };
  }
  return {
    names: p.names ?? '',
    alias: p.alias ?? '',
    sex: p.sex,
    approximateAge: p.approximateAge ?? '',
    bond: p.bond,
    thematic: p.thematic,
    reported: p.reported,
    reportedTo: p.reportedTo,
    caseNumber: p.caseNumber ?? '',
    notes: p.notes ?? '',
    version: p.version,
  };
}

interface PerpetratorFormProps {
  personId: string;
  perpetrator?: Perpetrator;
  onDone: () => void;
}

/** Adds or edits an alleged perpetrator (names or alias, types of violence, where it was reported). */
export function PerpetratorForm({ personId, perpetrator, onDone }: PerpetratorFormProps) {
  const { t } = useTranslation('population');
  const qc = useQueryClient();
  const save = useSavePerpetrator(personId);
  const { form, submitWith } = useZodForm<PerpetratorFormValues>(
    perpetratorFormSchema(!!perpetrator),
    toFormValues(perpetrator),
  );
  const [conflict, setConflict] = useState(false);

  const submit = submitWith(async (values) => {
    const body = (perpetrator ? perpetratorUpdate : perpetratorInput).parse(toPerpetratorBody(values));
    try {
      await save.mutateAsync({ id: perpetrator?.id, body });
    } catch (error) {
      // 'thematic.2' (one unknown code) is shown on the whole multi-select.
      if (!isVersionConflict(error))
        throw renameFieldErrors(error, (f) => f.replace(/^(thematic|reportedTo)\.\d+$/, '$1'));
      setConflict(true);
      return;
    }
    notifySuccess(t('perpetrators.saved'));
    onDone();
  });

  const reload = () => {
    void qc.invalidateQueries({ queryKey: populationKeys.perpetrators(personId) });
    onDone();
  };

  // 'Names or alias' is one rule shown beside the names: typing an alias settles it too.
  const aliasProps = form.getInputProps('alias');
  const reportedProps = form.getInputProps('reported', { type: 'checkbox' });
  const { reported } = form.values;

  return (
    <form
      onSubmit={submit}
      noValidate
      aria-label={perpetrator ? t('perpetrators.edit_title') : t('perpetrators.add_title')}
    >
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label={t('perpetrators.names')}
            description={t('perpetrators.names_help')}
            maxLength={150}
            {...form.getInputProps('names')}
          />
          <TextInput
            label={t('fields.alias')}
            maxLength={60}
            {...aliasProps}
            onChange={(e) => {
              aliasProps.onChange(e);
              if (form.errors.names) form.validateField('names');
            }}
          />
          <CatalogSelect catalog="sex" label={t('fields.sex')} {...form.getInputProps('sex')} />
          <NumberInput
            label={t('perpetrators.approximateAge')}
            min={0}
            max={120}
            allowDecimal={false}
            allowNegative={false}
            {...form.getInputProps('approximateAge')}
          />
          <CatalogSelect
            catalog="bond"
            label={t('perpetrators.bond')}
            description={t('perpetrators.bond_help')}
            {...form.getInputProps('bond')}
          />
        </SimpleGrid>
        <CatalogMultiSelect
          catalog="thematic"
          label={t('perpetrators.thematic')}
          description={t('perpetrators.thematic_help')}
          withAsterisk
          {...form.getInputProps('thematic')}
        />
        <Switch
          label={t('perpetrators.reported')}
          {...reportedProps}
          onChange={(e) => {
            reportedProps.onChange(e);
            if (form.errors.reportedTo) form.validateField('reportedTo');
          }}
        />
        {reported && (
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <CatalogMultiSelect
              catalog="report_institution"
              label={t('perpetrators.reportedTo')}
              withAsterisk
              {...form.getInputProps('reportedTo')}
            />
            <TextInput label={t('perpetrators.caseNumber')} maxLength={60} {...form.getInputProps('caseNumber')} />
          </SimpleGrid>
        )}
        <Textarea
          label={t('perpetrators.notes')}
          autosize
          minRows={2}
          maxLength={2000}
          {...form.getInputProps('notes')}
        />

        <RecordFormActions conflict={conflict} onReload={reload} onCancel={onDone} saving={save.isPending} />
      </Stack>
    </form>
  );
}
