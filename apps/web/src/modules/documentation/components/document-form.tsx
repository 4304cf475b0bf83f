import { useState, type ReactNode } from 'react';
import { Button, Group, Paper, Select, SimpleGrid, Stack, TagsInput, Text, Textarea, TextInput } from '@mantine/core';
import { DateInput, DatesProvider } from '@mantine/dates';
import { useTranslation } from 'react-i18next';
import 'dayjs/locale/es';
import { documentInput, type DocumentInput } from '@amparo/shared/modules/documentation.schema';
import { todayInGuatemala } from '@amparo/shared/format';
import { useCatalog } from '../../../shared/hooks/use-catalog';
import { useCurrentUser } from '../../../shared/hooks/use-current-user';
import { useZodForm } from '../../../shared/hooks/use-zod-form';
import { can } from '../../../shared/lib/session';
import { PersonPicker, type PersonOption } from '../../../shared/ui/person-picker';
import { ButtonLink } from '../../../shared/ui/router-links/button-link';

export interface DocumentValues extends Record<string, unknown> {
  title: string;
  documentType: string;
  description: string;
  documentDate: string;
  area: string;
  personId: string | null;
  tags: string[];
}

export const emptyDocument = (): DocumentValues => ({
  title: '',
  documentType: '',
  description: '',
  documentDate: todayInGuatemala(),
  area: '',
  personId: null,
  tags: [],
});

interface DocumentFormProps {
  initialValues: DocumentValues;
  /** The related person already chosen (editing), shown in the picker. */
  initialPerson?: PersonOption | null;
  onSubmit: (values: DocumentInput) => Promise<unknown>;
  saving: boolean;
  cancelTo: string;
  /** Shown above the buttons (a version conflict, a hint). */
  footer?: ReactNode;
}

/** The document's metadata; files are added on the view page once it exists. */
export function DocumentForm({
  initialValues,
  initialPerson = null,
  onSubmit,
  saving,
  cancelTo,
  footer,
}: DocumentFormProps) {
  const { t, i18n } = useTranslation('documentation');
  const user = useCurrentUser();
  const types = useCatalog('document_type');
  const { form, submitWith } = useZodForm<DocumentValues>(documentInput, initialValues);
  // The picker searches Population: without that screen it is hidden (the server would answer 403).
  const [pickerForbidden, setPickerForbidden] = useState(false);
  const showPicker = can(user, 'poblacion_poblacion') && !pickerForbidden;
  const submit = submitWith((values) => onSubmit(values));

  return (
    <DatesProvider settings={{ locale: i18n.language.startsWith('en') ? 'en' : 'es', firstDayOfWeek: 0 }}>
      <form onSubmit={submit} noValidate aria-label={t('view.details')}>
        <Stack>
          <Paper withBorder p="lg">
            <Stack>
              <TextInput label={t('fields.title')} withAsterisk maxLength={200} {...form.getInputProps('title')} />
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                <Select
                  label={t('fields.documentType')}
                  withAsterisk
                  searchable
                  data={types.data}
                  nothingFoundMessage={t('common:status.empty')}
                  {...form.getInputProps('documentType')}
                />
                <DateInput
                  label={t('fields.documentDate')}
                  withAsterisk
                  valueFormat="YYYY-MM-DD"
                  placeholder={t('form.datePlaceholder')}
                  {...form.getInputProps('documentDate')}
                />
                <TextInput
                  label={t('fields.area')}
                  description={t('form.areaHint')}
                  maxLength={120}
                  {...form.getInputProps('area')}
                />
                {showPicker ? (
                  <PersonPicker
                    label={t('fields.person')}
                    description={t('form.personHint')}
                    placeholder={t('form.personPlaceholder')}
                    hint={t('form.personHint')}
                    initialOption={initialPerson}
                    onForbidden={() => setPickerForbidden(true)}
                    {...form.getInputProps('personId')}
                  />
                ) : (
                  initialPerson && (
                    <TextInput
                      label={t('fields.person')}
                      description={t('form.personReadOnly')}
                      value={initialPerson.name}
                      readOnly
                    />
                  )
                )}
              </SimpleGrid>
              <Textarea
                label={t('fields.description')}
                autosize
                minRows={3}
                maxRows={10}
                maxLength={2000}
                {...form.getInputProps('description')}
              />
              <TagsInput
                label={t('fields.tags')}
                description={t('form.tagsHint')}
                placeholder={t('form.tagsPlaceholder')}
                maxTags={20}
                clearable
                splitChars={[',']}
                {...form.getInputProps('tags')}
                // A bad tag reports as 'tags.N': show it on the field.
                error={form.errors.tags ?? Object.entries(form.errors).find(([k]) => k.startsWith('tags.'))?.[1]}
              />
            </Stack>
          </Paper>
          {footer}
          <Group justify="flex-end">
            <ButtonLink to={cancelTo} variant="default">
              {t('common:actions.cancel')}
            </ButtonLink>
            <Button type="submit" loading={saving}>
              {t('common:actions.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </DatesProvider>
  );
}

/** Shown under the add form: files come after saving. */
export function FilesAfterCreateHint() {
  const { t } = useTranslation('documentation');
  return (
    <Text size="sm" c="dimmed">
      {t('form.filesAfterCreate')}
    </Text>
  );
}
