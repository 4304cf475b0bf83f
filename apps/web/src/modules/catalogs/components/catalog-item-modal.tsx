import { Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import {
  catalogItemCreate,
  catalogItemUpdate,
  type CatalogItem,
  type CatalogName,
} from '@amparo/shared/modules/catalogs.schema';
import { zodValidate } from '../../../shared/lib/form';
import { applyServerErrors } from '../../../shared/lib/server-errors';
import { notifyError, notifySuccess } from '../../../shared/lib/notify';
import { useCreateCatalogItem, useUpdateCatalogItem } from '../api/mutations';

interface CatalogItemModalProps {
  catalog: CatalogName;
  /** The item to rename; absent to add one. */
  item: CatalogItem | null;
  onClose: () => void;
}

/** Add (code, es, en) or rename (es, en) an item. Rendered only while open, so it starts fresh each time. */
export function CatalogItemModal({ catalog, item, onClose }: CatalogItemModalProps) {
  const { t } = useTranslation('catalogs');
  const create = useCreateCatalogItem(catalog);
  const update = useUpdateCatalogItem(catalog);
  const form = useForm({
    initialValues: item
      ? { catalog, code: item.code, es: item.es, en: item.en, active: item.active, version: item.version }
      : { catalog, code: '', es: '', en: '', active: true, version: 1 },
    validate: zodValidate(item ? catalogItemUpdate : catalogItemCreate, t),
    validateInputOnBlur: true,
    validateInputOnChange: true,
  });

  const submit = form.onSubmit(async ({ code, es, en, active, version }) => {
    try {
      if (item) await update.mutateAsync({ id: item.id, es, en, active, version });
      else await create.mutateAsync({ catalog, code, es, en });
      notifySuccess(t(item ? 'common:messages.updated' : 'common:messages.created'));
      onClose();
    } catch (error) {
      notifyError(applyServerErrors(error, t, form.setErrors));
    }
  });

  return (
    <Modal opened onClose={onClose} title={t(item ? 'catalogs:renameTitle' : 'catalogs:addTitle')} centered>
      <form onSubmit={submit} noValidate>
        <Stack>
          <TextInput
            label={t('catalogs:fields.code')}
            description={item ? undefined : t('catalogs:fields.codeHint')}
            withAsterisk
            readOnly={!!item}
            {...form.getInputProps('code')}
            onChange={(e) => form.setFieldValue('code', e.currentTarget.value.toUpperCase())}
          />
          <TextInput label={t('catalogs:fields.es')} withAsterisk {...form.getInputProps('es')} />
          <TextInput label={t('catalogs:fields.en')} withAsterisk {...form.getInputProps('en')} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('common:actions.cancel')}
            </Button>
            <Button type="submit" loading={create.isPending || update.isPending}>
              {t('common:actions.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
