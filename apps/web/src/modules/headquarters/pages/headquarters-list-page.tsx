import { Button, Paper, Table } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import type { Headquarter } from '@amparo/shared/modules/headquarters.schema';
import { useDeleteConfirm } from '../../../shared/hooks/use-delete-confirm';
import { EMPTY } from '../../../shared/lib/format';
import { ActiveBadge } from '../../../shared/ui/active-badge';
import { EmptyRow } from '../../../shared/ui/empty-row';
import { PageHeader } from '../../../shared/ui/page-header';
import { PageError, PageLoader } from '../../../shared/ui/page-state';
import { RowActions } from '../../../shared/ui/row-actions';
import { useDeleteHeadquarter } from '../api/mutations';
import { useHeadquarters } from '../api/queries';

export function HeadquartersListPage() {
  const { t } = useTranslation('headquarters');
  const headquarters = useHeadquarters();
  const remove = useDeleteHeadquarter();
  const deletion = useDeleteConfirm<Headquarter>({
    remove: (hq) => remove.mutateAsync(hq.id),
    nameOf: (hq) => hq.name,
  });

  return (
    <>
      <PageHeader
        title={t('headquarters:title')}
        actions={
          <Button component={Link} to="/configuration/headquarter/add" leftSection={<IconPlus size={16} />}>
            {t('headquarters:add')}
          </Button>
        }
      />
      {headquarters.isPending && <PageLoader />}
      {headquarters.isError && <PageError error={headquarters.error} onRetry={() => void headquarters.refetch()} />}
      {headquarters.data && (
        <Paper withBorder>
          <Table.ScrollContainer minWidth={700}>
            <Table striped highlightOnHover verticalSpacing="sm">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('headquarters:fields.code')}</Table.Th>
                  <Table.Th>{t('headquarters:fields.name')}</Table.Th>
                  <Table.Th>{t('headquarters:fields.country')}</Table.Th>
                  <Table.Th>{t('headquarters:fields.state')}</Table.Th>
                  <Table.Th>{t('headquarters:fields.address')}</Table.Th>
                  <Table.Th>{t('headquarters:fields.active')}</Table.Th>
                  <Table.Th w={110}>{t('common:status.actions')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {headquarters.data.length === 0 && <EmptyRow colSpan={7} />}
                {headquarters.data.map((hq) => (
                  <Table.Tr key={hq.id}>
                    <Table.Td fw={500}>{hq.code}</Table.Td>
                    <Table.Td>{hq.name}</Table.Td>
                    <Table.Td>{hq.country}</Table.Td>
                    <Table.Td>{hq.stateName ?? hq.state}</Table.Td>
                    <Table.Td>{hq.address ?? EMPTY}</Table.Td>
                    <Table.Td>
                      <ActiveBadge active={hq.active} />
                    </Table.Td>
                    <Table.Td>
                      <RowActions
                        name={hq.name}
                        editTo={`/configuration/headquarter/edit/${hq.id}`}
                        onDelete={() => deletion.ask(hq)}
                      />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Paper>
      )}
      {deletion.dialog}
    </>
  );
}
