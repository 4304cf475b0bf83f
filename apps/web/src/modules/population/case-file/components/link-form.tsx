import { useState } from 'react';
import { Checkbox, Group, NumberInput, Radio, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { linkInput, linkUpdate } from '@amparo/shared/modules/population-case.schema';
import { useZodForm } from '../../../../shared/hooks/use-zod-form';
import { notifySuccess } from '../../../../shared/lib/notify';
import { PersonPicker } from '../../../../shared/ui/person-picker';
import { useSaveLink } from '../../persons/api/mutations';
import { populationKeys, type Link } from '../../persons/api/queries';
import { CatalogSelect } from '../../shared/components/catalog-select';
import { isVersionConflict } from '../../shared/lib/case-file-utils';
import { PhonesField } from '../../../../shared/ui/phones-field';
import { RecordFormActions } from '../../shared/components/record-form-actions';

/** The contract accepts up to five phone numbers. */

type LinkMode = 'registered' | 'outside';

type LinkFormValues = {
  /** Form only: a registered person or somebody outside the registry. */
  mode: LinkMode;
  linkedPersonId: string | null;
  names: string;
  lastNames: string;
  sex: string | null;
  age: number | string;
  phones: string[];
  bond: string | null;
  livesWith: boolean;
  legalGuardian: boolean;
  notes: string;
  version?: number;
};

/** The request body: only the fields of the chosen kind of person travel. */
function toLinkBody(values: LinkFormValues) {
  const registered = values.mode === 'registered';
  return {
    linkedPersonId: registered ? values.linkedPersonId : null,
    names: registered ? null : values.names,
    lastNames: registered ? null : values.lastNames,
    sex: registered ? null : values.sex,
    age: registered ? null : values.age,
    phones: registered ? [] : values.phones,
    bond: values.bond,
    livesWith: values.livesWith,
    legalGuardian: values.legalGuardian,
    notes: values.notes,
    ...(values.version === undefined ? {} : { version: values.version }),
  };
}

/** 'Registered person' needs one chosen; the rest is the shared contract, on the body that will be sent. */
const chosenPerson = z
  .object({ mode: z.enum(['registered', 'outside']), linkedPersonId: z.string().nullable() })
  .refine((v) => v.mode === 'outside' || !!v.linkedPersonId, { path: ['linkedPersonId'], message: 'required' });
const linkFormSchema = (editing: boolean) =>
  z.intersection(
    chosenPerson,
    z.preprocess((v) => toLinkBody(v as LinkFormValues), editing ? linkUpdate : linkInput),
  );

function toFormValues(link: Link | undefined): LinkFormValues {
  if (!link) {
    return {
      mode: 'registered',
      linkedPersonId: null,
      names: '',
      lastNames: '',
      sex: null,
      age: '',
      phones: [],
      bond: null,
      livesWith: false,
      legalGuardian: false,
      notes: '',
    };
  }
  const registered = !!link.otherPersonId;
  return {
    mode: registered ? 'registered' : 'outside',
    linkedPersonId: link.otherPersonId,
    names: registered ? '' : (link.names ?? ''),
    lastNames: registered ? '' : (link.lastNames ?? ''),
    sex: registered ? null : link.sex,
    age: registered ? '' : (link.age ?? ''),
    phones: registered ? [] : link.phones,
    bond: link.bond,
    livesWith: link.livesWith,
    legalGuardian: link.legalGuardian,
    notes: link.notes ?? '',
    version: link.version,
  };
}

interface LinkFormProps {
  personId: string;
  /** The saved link when editing (outgoing links only); absent when adding. */
  link?: Link;
  onDone: () => void;
}

/** Adds or edits a linked person: a registered person (picked) or somebody outside the registry. */
export function LinkForm({ personId, link, onDone }: LinkFormProps) {
  const { t } = useTranslation('population');
  const qc = useQueryClient();
  const save = useSaveLink(personId);
  const schema = linkFormSchema(!!link);
  const { form, submitWith } = useZodForm<LinkFormValues>(schema, toFormValues(link));
  const [conflict, setConflict] = useState(false);
  const { mode } = form.values;

  const submit = submitWith(async (values) => {
    const body = (link ? linkUpdate : linkInput).parse(toLinkBody(values));
    try {
      await save.mutateAsync({ id: link?.id, body });
    } catch (error) {
      if (!isVersionConflict(error)) throw error;
      setConflict(true);
      return;
    }
    notifySuccess(t('links.saved'));
    onDone();
  });

  const reload = () => {
    void qc.invalidateQueries({ queryKey: populationKeys.allLinks() });
    onDone();
  };

  const initialPerson = link?.otherPersonId
    ? {
        id: link.otherPersonId,
        name: link.otherPersonRestricted ? t('links.restricted') : `${link.names ?? ''} ${link.lastNames ?? ''}`.trim(),
      }
    : null;

  return (
    <form onSubmit={submit} noValidate aria-label={link ? t('links.edit_title') : t('links.add_title')}>
      <Stack gap="sm">
        <Radio.Group
          label={t('links.kind')}
          withAsterisk
          value={mode}
          onChange={(v) => {
            form.setFieldValue('mode', v as LinkMode);
            form.clearErrors();
          }}
        >
          <Group gap="lg" mt={4}>
            <Radio value="registered" label={t('links.kind_registered')} />
            <Radio value="outside" label={t('links.kind_outside')} />
          </Group>
        </Radio.Group>

        {mode === 'registered' ? (
          <PersonPicker
            label={t('links.person')}
            description={t('links.person_help')}
            withAsterisk
            excludeId={personId}
            initialOption={initialPerson}
            {...form.getInputProps('linkedPersonId')}
          />
        ) : (
          <>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextInput label={t('fields.names')} withAsterisk maxLength={100} {...form.getInputProps('names')} />
              <TextInput
                label={t('fields.lastNames')}
                withAsterisk
                maxLength={100}
                {...form.getInputProps('lastNames')}
              />
              <CatalogSelect catalog="sex" label={t('fields.sex')} {...form.getInputProps('sex')} />
              <NumberInput
                label={t('fields.age')}
                min={0}
                max={120}
                allowDecimal={false}
                allowNegative={false}
                {...form.getInputProps('age')}
              />
            </SimpleGrid>
            <PhonesField form={form} label={t('population:fields.phones')} max={5} />
          </>
        )}

        <CatalogSelect
          catalog="bond"
          label={t('links.bond')}
          description={t('links.bond_help')}
          withAsterisk
          {...form.getInputProps('bond')}
        />
        <Group gap="lg">
          <Checkbox label={t('links.livesWith')} {...form.getInputProps('livesWith', { type: 'checkbox' })} />
          <Checkbox label={t('links.legalGuardian')} {...form.getInputProps('legalGuardian', { type: 'checkbox' })} />
        </Group>
        <Textarea label={t('links.notes')} autosize minRows={2} maxLength={1000} {...form.getInputProps('notes')} />

        <RecordFormActions conflict={conflict} onReload={reload} onCancel={onDone} saving={save.isPending} />
      </Stack>
    </form>
  );
}
