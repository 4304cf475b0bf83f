import { Button, Group, Modal, Select, Stack, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import {
  CATALOG_PARENTS,
  catalogItemCreate,
  catalogItemUpdate,
  type CatalogItem,
  type CatalogName,
} from '@amparo/shared/modules/catalogs.schema';
import { useCatalog } from '../../../shared/hooks/use-catalog';
import { useZodForm } from '../../../shared/hooks/use-zod-form';
import { notifySuccess } from '../../../shared/lib/notify';
import { useCreateCatalogItem, useUpdateCatalogItem } from '../api/mutations';

interface CatalogItemModalProps {
  catalog: CatalogName;
  /** The item to rename; absent to add one. */
  item: CatalogItem | null;
  onClose: () => void;
}

/** One form for both contracts: adding sends code, es, en (and parent); renaming sends es, en, active, version. */
interface CatalogItemValues extends Record<string, unknown> {
  catalog: CatalogName;
  code: string;
  es: string;
  en: string;
  active: boolean;
  parent: string | null;
  version: number;
}

/** Add (code, es, en) or rename (es, en) an item. Rendered only while open, so it starts fresh each time. */
export function CatalogItemModal({ catalog, item, onClose }: CatalogItemModalProps) {
  const { t } = useTranslation('catalogs');
  const create = useCreateCatalogItem(catalog);
  const update = useUpdateCatalogItem(catalog);
  // A program sits under a strategic axis (issue 13 section 1): its axis is chosen here.
  const parentCatalog = CATALOG_PARENTS[catalog];
  const parents = useCatalog(parentCatalog ?? '', { enabled: !!parentCatalog });
  const { form, submitWith } = useZodForm<CatalogItemValues>(
    item ? catalogItemUpdate : catalogItemCreate,
    item
      ? {
          catalog,
          code: item.code,
          es: item.es,
          en: item.en,
          active: item.active,
          parent: item.parent,
          version: item.version,
        }
      : { catalog, code: '', es: '', en: '', active: true, parent: null, version: 1 },
  );

  const submit = submitWith(async ({ code, es, en, active, parent, version }) => {
    const under = parentCatalog ? { parent } : {};
    if (item) await update.mutateAsync({ id: item.id, es, en, active, version, ...under });
    else await create.mutateAsync({ catalog, code, es, en, ...under });
    notifySuccess(t(item ? 'common:messages.updated' : 'common:messages.created'));
    onClose();
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
          {parentCatalog && (
            <Select
              label={t('catalogs:fields.strategicAxis')}
              withAsterisk
              searchable
              data={parents.data}
              {...form.getInputProps('parent')}
            />
          )}
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
