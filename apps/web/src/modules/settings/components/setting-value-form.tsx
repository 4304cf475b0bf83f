import { useState } from 'react';
import { Alert, Button, Group, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import {
  settingValueInput,
  type SettingDefinition,
  type SettingValueRow,
} from '@amparo/shared/modules/settings.schema';
import { useZodForm } from '../../../shared/hooks/use-zod-form';
import { ApiError } from '../../../shared/lib/api';
import { notifySuccess } from '../../../shared/lib/notify';
import { saveErrorOf, type SaveError } from '../../../shared/lib/save-error';
import { DateField } from '../../../shared/ui/date-field';
import { useAddSettingValue, useUpdateSettingValue } from '../api/queries';
import {
  checkSettingValue,
  emptyEditor,
  fromEditor,
  settingInput,
  toEditor,
  type SettingFormValues,
} from '../lib/setting-values';
import { ValueEditor } from './value-editor';

interface SettingValueFormProps {
  definition: SettingDefinition;
  /** The scheduled value being corrected; null to add a new value from a date. */
  editing: SettingValueRow | null;
  /** The latest value (scheduled, else in force): a new value starts from it, to change what the law changed. */
  latest: SettingValueRow | null;
  /** Called once saved (the history shows the new value). */
  onSaved: () => void;
  onCancel: () => void;
  /** After a 409 (someone saved first, or the value came into force): reads the history again. */
  onRefresh: () => void;
  /** The reload a stale correction offers: the stored value and its version, in a fresh form. */
  onReload: () => Promise<unknown>;
}

/**
 * A new value of a setting from a date, or the correction of one not yet in force (issue 25 section 3): the date,
 * the value by the key's type, its source (prefilled with the rule's) and a note. Checked as the user types by the
 * key's own schema; a refusal says its reason beside the save button, a field's beside the field; a stale
 * correction (409 version_conflict) offers to reload.
 */
export function SettingValueForm({
  definition,
  editing,
  latest,
  onSaved,
  onCancel,
  onRefresh,
  onReload,
}: SettingValueFormProps) {
  const { t } = useTranslation('settings');
  const { type } = definition;
  const add = useAddSettingValue(definition.key);
  const update = useUpdateSettingValue(definition.key);
  const [saveError, setSaveError] = useState<SaveError | null>(null);
  const [reloading, setReloading] = useState(false);
  const { form } = useZodForm<SettingFormValues>(
    settingValueInput,
    editing
      ? {
          validFrom: editing.validFrom,
          value: toEditor(type, editing.value),
          source: editing.source,
          note: editing.note ?? '',
        }
      : {
          validFrom: null,
          value: latest ? toEditor(type, latest.value) : emptyEditor(type),
          source: definition.source,
          note: '',
        },
    { toInput: settingInput(type, !editing), validate: checkSettingValue(type, t) },
  );

  const submit = form.onSubmit(async (values) => {
    setSaveError(null);
    const { value } = fromEditor(type, values.value);
    try {
      if (editing) {
        await update.mutateAsync({
          id: editing.id,
          value,
          source: values.source,
          note: values.note,
          version: editing.version,
        });
        notifySuccess(t('form.updated'));
      } else {
        await add.mutateAsync({ validFrom: values.validFrom ?? '', value, source: values.source, note: values.note });
        notifySuccess(t('form.added'));
      }
      onSaved();
    } catch (error) {
      // A date the key already has a value from: said beside the date, where it is changed.
      if (error instanceof ApiError && error.code === 'duplicate') {
        form.setErrors({ validFrom: t('errors.duplicateDate') });
        setSaveError({ message: t('errors.duplicateDate'), reload: false });
        return;
      }
      setSaveError(saveErrorOf(error, t, t('form.saveFailed'), form.setErrors));
      // Someone saved first, or the value came into force meanwhile: the history shows what is stored now.
      if (error instanceof ApiError && error.status === 409) onRefresh();
    }
  });
  const reload = async () => {
    setReloading(true);
    try {
      await onReload();
      setSaveError(null);
    } finally {
      setReloading(false);
    }
  };

  const title = editing ? t('form.editTitle', { date: editing.validFrom }) : t('form.addTitle');
  return (
    <form onSubmit={submit} noValidate aria-label={title}>
      <Stack gap="sm">
        <DateField
          label={t('form.validFrom')}
          description={editing ? t('form.validFromFixed') : t('form.validFromHelp')}
          inputWrapperOrder={['label', 'input', 'description', 'error']}
          withAsterisk
          disabled={!!editing}
          styles={{ wrapper: { maxWidth: 220 } }}
          {...form.getInputProps('validFrom')}
          value={form.values.validFrom}
          onChange={(v) => form.setFieldValue('validFrom', v)}
        />
        <ValueEditor type={type} form={form} />
        <TextInput
          label={t('form.source')}
          description={t('form.sourceHelp')}
          inputWrapperOrder={['label', 'input', 'description', 'error']}
          withAsterisk
          maxLength={300}
          {...form.getInputProps('source')}
        />
        <Textarea label={t('form.note')} autosize minRows={2} maxLength={500} {...form.getInputProps('note')} />
        {saveError && (
          <Alert
            color={saveError.reload ? 'orange' : 'red'}
            role="alert"
            data-testid="save-error"
            title={saveError.reload ? t('form.conflictTitle') : t('form.saveRefused')}
          >
            <Group justify="space-between" wrap="wrap">
              <Text size="sm">{saveError.message}</Text>
              {saveError.reload && (
                <Button size="xs" variant="light" color="orange" loading={reloading} onClick={() => void reload()}>
                  {t('form.reload')}
                </Button>
              )}
            </Group>
          </Alert>
        )}
        <Group justify="flex-end">
          {editing && (
            <Button variant="default" onClick={onCancel}>
              {t('form.cancelEdit')}
            </Button>
          )}
          <Button type="submit" loading={add.isPending || update.isPending}>
            {editing ? t('form.saveEdit') : t('form.add')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
