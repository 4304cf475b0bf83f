import { useState } from 'react';
import { Button, Group, Paper, Select, Table } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { CATALOG_NAMES, type CatalogItem, type CatalogName } from '@amparo/shared/modules/catalogs.schema';
import { useDeleteConfirm } from '../../../shared/hooks/use-delete-confirm';
import { applyServerErrors } from '../../../shared/lib/form';
import { notifyError } from '../../../shared/lib/notify';
import { ActiveBadge } from '../../../shared/ui/active-badge';
import { EmptyRow } from '../../../shared/ui/empty-row';
import { PageHeader } from '../../../shared/ui/page-header';
import { PageError, PageLoader } from '../../../shared/ui/page-state';
import { RowActions } from '../../../shared/ui/row-actions';
import { useDeleteCatalogItem, useUpdateCatalogItem } from '../api/mutations';
import { useCatalogItems } from '../api/queries';
import { CatalogItemModal } from '../components/catalog-item-modal';

export function CatalogsPage() {
  const { t, i18n } = useTranslation('catalogs');
  const navigate = useNavigate();
  const { catalog } = useSearch({ strict: false }) as { catalog: CatalogName };
  const items = useCatalogItems(catalog);
  const update = useUpdateCatalogItem(catalog);
  const remove = useDeleteCatalogItem(catalog);
  // null: closed; 'new': adding; an item: renaming it.
  const [editing, setEditing] = useState<CatalogItem | 'new' | null>(null);
  const nameOf = (item: CatalogItem) => (i18n.language.startsWith('en') ? item.en : item.es);
  // An item some record still uses answers 409 in_use; the hook shows the translated reason.
  const deletion = useDeleteConfirm<CatalogItem>({ remove: (item) => remove.mutateAsync(item.id), nameOf });

  const toggleActive = (item: CatalogItem) =>
    update.mutate(
      { id: item.id, es: item.es, en: item.en, active: !item.active, version: item.version },
      { onError: (error) => notifyError(applyServerErrors(error, t)) },
    );

  return (
    <>
      <PageHeader
        title={t('catalogs:title')}
        description={t('catalogs:description')}
        actions={
          <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing('new')}>
            {t('catalogs:add')}
          </Button>
        }
      />
      <Group mb="md">
        <Select
          label={t('catalogs:catalog')}
          data={CATALOG_NAMES.map((name) => ({ value: name, label: t(`catalogs:names.${name}`) }))}
          value={catalog}
          onChange={(value) => value && void navigate({ to: '/configuration/catalogs', search: { catalog: value } })}
          allowDeselect={false}
          searchable
          w={320}
        />
      </Group>
      {items.isPending && <PageLoader />}
      {items.isError && <PageError error={items.error} onRetry={() => void items.refetch()} />}
      {items.data && (
        <Paper withBorder>
          <Table.ScrollContainer minWidth={600}>
            <Table striped highlightOnHover verticalSpacing="sm">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('catalogs:fields.code')}</Table.Th>
                  <Table.Th>{t('catalogs:fields.es')}</Table.Th>
                  <Table.Th>{t('catalogs:fields.en')}</Table.Th>
                  <Table.Th>{t('catalogs:fields.active')}</Table.Th>
                  <Table.Th w={200}>{t('common:status.actions')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {items.data.length === 0 && <EmptyRow colSpan={5} />}
                {items.data.map((item) => (
                  <Table.Tr key={item.id}>
                    <Table.Td fw={500}>{item.code}</Table.Td>
                    <Table.Td>{item.es}</Table.Td>
                    <Table.Td>{item.en}</Table.Td>
                    <Table.Td>
                      <ActiveBadge active={item.active} />
                    </Table.Td>
                    <Table.Td>
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
                        <RowActions
                          name={nameOf(item)}
                          onEdit={() => setEditing(item)}
                          onDelete={() => deletion.ask(item)}
                        />
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Paper>
      )}
      {editing && (
        <CatalogItemModal
          catalog={catalog}
          item={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
        />
      )}
      {deletion.dialog}
    </>
  );
}
