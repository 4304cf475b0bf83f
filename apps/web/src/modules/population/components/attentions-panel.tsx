import { useState } from 'react';
import { ActionIcon, Alert, Button, Group, Modal, Stack, Table, Tooltip, VisuallyHidden } from '@mantine/core';
import { IconEye, IconInfoCircle, IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { QueryStatus } from '../../../shared/ui/page-state';
import { useDeleteConfirm } from '../../../shared/hooks/use-delete-confirm';
import { formatDate } from '../../../shared/lib/format';
import { EmptyRow } from '../../../shared/ui/empty-row';
import { RowActions } from '../../../shared/ui/row-actions';
import { TablePagination } from '../../../shared/ui/table-pagination';
import { useDeleteAttention } from '../api/mutations';
import { useAttentions, type Attention } from '../api/queries';
import { AttentionDetails } from './attention-details';
import { AttentionForm } from './attention-form';
import { CatalogText } from './catalog-text';
import { formatLocalDateTime, shorten } from './case-file-utils';

const PAGE_SIZE = 20;
const COLUMNS = 8;

/** 'Attentions' tab: the services professionals gave the person, newest first. */
export function AttentionsPanel({ personId, canWrite }: { personId: string; canWrite: boolean }) {
  const { t } = useTranslation('population');
  const [page, setPage] = useState(1);
  const attentions = useAttentions(personId, page, PAGE_SIZE);
  const remove = useDeleteAttention(personId);
  const [editing, setEditing] = useState<{ attention?: Attention } | null>(null);
  const [viewing, setViewing] = useState<Attention | null>(null);
  const { ask, dialog } = useDeleteConfirm<Attention>({
    remove: async (a) => {
      await remove.mutateAsync(a.id);
      // The last row of a page gone: show the page before it.
      if (attentions.data && attentions.data.items.length === 1 && page > 1) setPage(page - 1);
    },
    nameOf: (a) => t('attentions.row_name', { at: formatLocalDateTime(a.attendedAt) }),
  });

  return (
    <Stack gap="sm">
      <Alert color="blue" variant="light" icon={<IconInfoCircle size={18} />}>{t('attentions.help')}</Alert>
      {canWrite && (
        <Group justify="flex-end">
          <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing({})}>{t('attentions.add')}</Button>
        </Group>
      )}

      <QueryStatus query={attentions} />
      {attentions.data && (
        <>
          <Table.ScrollContainer minWidth={900}>
            <Table verticalSpacing="xs" striped aria-label={t('detail.tab_attentions')}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('attentions.attendedAt')}</Table.Th>
                  <Table.Th>{t('attentions.professional')}</Table.Th>
                  <Table.Th>{t('attentions.area')}</Table.Th>
                  <Table.Th>{t('attentions.modality')}</Table.Th>
                  <Table.Th>{t('attentions.duration_short')}</Table.Th>
                  <Table.Th>{t('attentions.summary')}</Table.Th>
                  <Table.Th>{t('attentions.nextFollowUp')}</Table.Th>
                  <Table.Th><VisuallyHidden>{t('links.actions')}</VisuallyHidden></Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {attentions.data.items.length === 0 && <EmptyRow colSpan={COLUMNS} />}
                {attentions.data.items.map((a) => {
                  const name = t('attentions.row_name', { at: formatLocalDateTime(a.attendedAt) });
                  return (
                    <Table.Tr key={a.id}>
                      <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatLocalDateTime(a.attendedAt)}</Table.Td>
                      <Table.Td>{a.professionalName}</Table.Td>
                      <Table.Td><CatalogText catalog="attention_area" code={a.area} /></Table.Td>
                      <Table.Td><CatalogText catalog="attention_modality" code={a.modality} /></Table.Td>
                      <Table.Td>{a.durationMinutes}</Table.Td>
                      <Table.Td style={{ maxWidth: 320 }}>{shorten(a.summary)}</Table.Td>
                      <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDate(a.nextFollowUp)}</Table.Td>
                      <Table.Td>
                        <Group gap={4} wrap="nowrap">
                          <Tooltip label={t('attentions.view')}>
                            <ActionIcon variant="subtle" aria-label={t('attentions.view_for', { name })} onClick={() => setViewing(a)}>
                              <IconEye size={18} />
                            </ActionIcon>
                          </Tooltip>
                          {canWrite && <RowActions name={name} onEdit={() => setEditing({ attention: a })} onDelete={() => ask(a)} />}
                        </Group>
                      </Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          {(attentions.data.total > PAGE_SIZE || attentions.data.totalCapped) && (
            <TablePagination
              page={page}
              pageSize={PAGE_SIZE}
              total={attentions.data.total}
              totalCapped={attentions.data.totalCapped}
              onChange={setPage}
            />
          )}
        </>
      )}

      <Modal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={editing?.attention ? t('attentions.edit_title') : t('attentions.add_title')}
        size="lg"
      >
        {editing && (
          <AttentionForm
            key={editing.attention?.id ?? 'new'}
            personId={personId}
            attention={editing.attention}
            onDone={() => setEditing(null)}
          />
        )}
      </Modal>
      <Modal opened={viewing !== null} onClose={() => setViewing(null)} title={t('attentions.view_title')} size="lg">
        {viewing && <AttentionDetails attention={viewing} />}
      </Modal>
      {dialog}
    </Stack>
  );
}
