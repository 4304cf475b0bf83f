import { useState } from 'react';
import { Button, Group, Select } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { CATALOG_NAMES, CATALOG_PARENTS, type CatalogItem } from '@amparo/shared/modules/catalogs.schema';
import { useDeleteConfirm } from '../../../shared/hooks/use-delete-confirm';
import { applyServerErrors } from '../../../shared/lib/server-errors';
import { notifyError } from '../../../shared/lib/notify';
import { ActiveBadge } from '../../../shared/ui/active-badge';
import { DataTable, type DataColumn } from '../../../shared/ui/data-table/data-table';
import { ListPage } from '../../../shared/ui/list-page';
import { RowActions } from '../../../shared/ui/row-actions';
import { useDeleteCatalogItem, useUpdateCatalogItem } from '../api/mutations';
import { useCatalogItems } from '../api/queries';
import { CatalogItemModal } from '../components/catalog-item-modal';

export function CatalogsPage() {
  const { t, i18n } = useTranslation('catalogs');
  const navigate = useNavigate();
  const { catalog } = useSearch({ from: '/app/configuration/catalogs' });
  const items = useCatalogItems(catalog);
  const update = useUpdateCatalogItem(catalog);
  const remove = useDeleteCatalogItem(catalog);
  // null: closed; 'new': adding; an item: renaming it.
  const [editing, setEditing] = useState<CatalogItem | 'new' | null>(null);
  const parentCatalog = CATALOG_PARENTS[catalog];
  const nameOf = (item: CatalogItem) => (i18n.language.startsWith('en') ? item.en : item.es);
  // An item some record still uses answers 409 in_use; the hook shows the translated reason.
  const deletion = useDeleteConfirm<CatalogItem>({ remove: (item) => remove.mutateAsync(item.id), nameOf });

  const toggleActive = (item: CatalogItem) =>
    update.mutate(
      { id: item.id, es: item.es, en: item.en, active: !item.active, version: item.version },
      { onError: (error) => notifyError(applyServerErrors(error, t)) },
    );

  const columns: DataColumn<CatalogItem>[] = [
    { id: 'code', header: t('catalogs:fields.code'), text: (i) => i.code, strong: true, sortable: true, width: 180 },
    { id: 'es', header: t('catalogs:fields.es'), text: (i) => i.es, sortable: true, wrap: true },
    { id: 'en', header: t('catalogs:fields.en'), text: (i) => i.en, sortable: true, wrap: true },
    // A program's strategic axis (issue 13 section 1).
    ...(parentCatalog
      ? [
          {
            id: 'parent',
            header: t('catalogs:fields.strategicAxis'),
            text: (i: CatalogItem) => i.parent,
            sortable: true,
            width: 180,
          },
        ]
      : []),
    { id: 'active', header: t('catalogs:fields.active'), cell: (i) => <ActiveBadge active={i.active} />, width: 110 },
  ];

  return (
    <ListPage
      title={t('catalogs:title')}
      description={t('catalogs:description')}
      actions={
        <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing('new')}>
          {t('catalogs:add')}
        </Button>
      }
      filters={
        <Select
          label={t('catalogs:catalog')}
          data={CATALOG_NAMES.map((name) => ({ value: name, label: t(`catalogs:names.${name}`) }))}
          value={catalog}
          onChange={(value) => value && void navigate({ to: '/configuration/catalogs', search: { catalog: value } })}
          allowDeselect={false}
          searchable
          w={320}
        />
      }
      query={items}
    >
      <DataTable
        label={t(`catalogs:names.${catalog}`)}
        columns={columns}
        rows={items.data}
        rowKey={(i) => i.id}
        actionsWidth={220}
        actions={(item) => (
          <Group gap="xs" wrap="nowrap">
            <Button
              size="compact-sm"
              variant="light"
              color={item.active ? 'gray' : 'teal'}
              onClick={() => toggleActive(item)}
              loading={update.isPending && update.variables?.id === item.id}
              aria-label={`${t(item.active ? 'catalogs:deactivate' : 'catalogs:activate')} ${nameOf(item)}`}
              w={100}
            >
              {t(item.active ? 'catalogs:deactivate' : 'catalogs:activate')}
            </Button>
            <RowActions name={nameOf(item)} onEdit={() => setEditing(item)} onDelete={() => deletion.ask(item)} />
          </Group>
        )}
      />
      {editing && (
        <CatalogItemModal
          catalog={catalog}
          item={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
        />
      )}
      {deletion.dialog}
    </ListPage>
  );
}
