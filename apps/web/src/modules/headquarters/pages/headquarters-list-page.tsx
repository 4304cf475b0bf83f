import { IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { Headquarter } from '@amparo/shared/modules/headquarters.schema';
import { useDeleteConfirm } from '../../../shared/hooks/use-delete-confirm';
import { ActiveBadge } from '../../../shared/ui/active-badge';
import { DataTable, type DataColumn } from '../../../shared/ui/data-table/data-table';
import { ListPage } from '../../../shared/ui/list-page';
import { RowActions } from '../../../shared/ui/row-actions';
import { ButtonLink } from '../../../shared/ui/router-links/button-link';
import { useDeleteHeadquarter } from '../api/mutations';
import { useHeadquarters } from '../api/queries';

/** Configuración › Sede › list (spec section 2, `/configuration/headquarter/list`). */
export function HeadquartersListPage() {
  const { t } = useTranslation('headquarters');
  const headquarters = useHeadquarters();
  const remove = useDeleteHeadquarter();
  const deletion = useDeleteConfirm<Headquarter>({
    remove: (hq) => remove.mutateAsync(hq.id),
    nameOf: (hq) => hq.name,
  });
  const columns: DataColumn<Headquarter>[] = [
    {
      id: 'code',
      header: t('headquarters:fields.code'),
      text: (h) => h.code,
      strong: true,
      sortable: true,
      width: 120,
    },
    { id: 'name', header: t('headquarters:fields.name'), text: (h) => h.name, sortable: true, wrap: true },
    { id: 'country', header: t('headquarters:fields.country'), text: (h) => h.country, width: 90 },
    { id: 'state', header: t('headquarters:fields.state'), text: (h) => h.stateName ?? h.state, sortable: true },
    { id: 'address', header: t('headquarters:fields.address'), text: (h) => h.address, wrap: true },
    {
      id: 'active',
      header: t('headquarters:fields.active'),
      cell: (h) => <ActiveBadge active={h.active} />,
      width: 110,
    },
  ];

  return (
    <ListPage
      title={t('headquarters:title')}
      actions={
        <ButtonLink to="/configuration/headquarter/add" leftSection={<IconPlus size={16} />}>
          {t('headquarters:add')}
        </ButtonLink>
      }
      query={headquarters}
    >
      <DataTable
        label={t('headquarters:title')}
        columns={columns}
        rows={headquarters.data}
        rowKey={(h) => h.id}
        minWidth={700}
        actions={(hq) => (
          <RowActions
            name={hq.name}
            edit={{ to: '/configuration/headquarter/edit/$id', params: { id: hq.id } }}
            onDelete={() => deletion.ask(hq)}
          />
        )}
      />
      {deletion.dialog}
    </ListPage>
  );
}
