import { useState } from 'react';
import { Alert, Button, Group, Modal, Stack } from '@mantine/core';
import { IconInfoCircle, IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { QueryStatus } from '../../../../shared/ui/page-state';
import { useDeleteConfirm } from '../../../../shared/hooks/use-delete-confirm';
import { RowActions } from '../../../../shared/ui/row-actions';
import { TablePagination } from '../../../../shared/ui/table-pagination';
import { useDeleteAttention } from '../../persons/api/mutations';
import { useAttentions, type Attention } from '../../persons/api/queries';
import { AttentionDetails } from './attention-details';
import { AttentionForm } from './attention-form';
import { AttentionsTable } from './attentions-table';
import { formatLocalDateTime } from '../../shared/lib/case-file-utils';

const PAGE_SIZE = 20;

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
      <Alert color="blue" variant="light" icon={<IconInfoCircle size={18} />}>
        {t('attentions.help')}
      </Alert>
      {canWrite && (
        <Group justify="flex-end">
          <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing({})}>
            {t('attentions.add')}
          </Button>
        </Group>
      )}

      <QueryStatus query={attentions} />
      {attentions.data && (
        <>
          <AttentionsTable
            items={attentions.data.items}
            ariaLabel={t('detail.tab_attentions')}
            who={{ header: t('attentions.professional'), cell: (a) => a.professionalName }}
            onView={setViewing}
            actions={(a, name) =>
              canWrite && <RowActions name={name} onEdit={() => setEditing({ attention: a })} onDelete={() => ask(a)} />
            }
          />
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
