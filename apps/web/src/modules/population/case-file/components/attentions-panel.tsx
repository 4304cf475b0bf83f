import { useState } from 'react';
import { Alert, Modal } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { TablePagination } from '../../../../shared/ui/table-pagination';
import { useDeleteAttention } from '../../persons/api/mutations';
import { useAttentions, type Attention } from '../../persons/api/queries';
import { AttentionDetails } from './attention-details';
import { AttentionForm } from './attention-form';
import { useAttentionColumns, useAttentionName, ViewAttentionButton } from './attentions-table';
import { RecordPanel } from '../../shared/components/record-panel';

const PAGE_SIZE = 20;

/** 'Attentions' tab: the services professionals gave the person, newest first, 20 a page. */
export function AttentionsPanel({ personId, canWrite }: { personId: string; canWrite: boolean }) {
  const { t } = useTranslation('population');
  const [page, setPage] = useState(1);
  const attentions = useAttentions(personId, page, PAGE_SIZE);
  const remove = useDeleteAttention(personId);
  const [viewing, setViewing] = useState<Attention | null>(null);
  const columns = useAttentionColumns<Attention>({
    header: t('attentions.professional'),
    cell: (a) => a.professionalName,
  });
  const nameOf = useAttentionName();
  const data = attentions.data;

  return (
    <RecordPanel
      query={attentions}
      rows={data?.items}
      columns={columns}
      rowKey={(a) => a.id}
      label={t('detail.tab_attentions')}
      minWidth={900}
      intro={
        <Alert color="blue" variant="light" icon={<IconInfoCircle size={18} />}>
          {t('attentions.help')}
        </Alert>
      }
      canWrite={canWrite}
      addLabel={t('attentions.add')}
      formTitle={(a) => (a ? t('attentions.edit_title') : t('attentions.add_title'))}
      form={(a, onDone) => <AttentionForm key={a?.id ?? 'new'} personId={personId} attention={a} onDone={onDone} />}
      nameOf={nameOf}
      remove={async (a) => {
        await remove.mutateAsync(a.id);
        // The last row of a page gone: show the page before it.
        if (data && data.items.length === 1 && page > 1) setPage(page - 1);
      }}
      rowActions={(a) => <ViewAttentionButton name={nameOf(a)} onView={() => setViewing(a)} />}
      footer={
        data &&
        (data.total > PAGE_SIZE || data.totalCapped) && (
          <TablePagination
            page={page}
            pageSize={PAGE_SIZE}
            total={data.total}
            totalCapped={data.totalCapped}
            onChange={setPage}
          />
        )
      }
    >
      <Modal opened={viewing !== null} onClose={() => setViewing(null)} title={t('attentions.view_title')} size="lg">
        {viewing && <AttentionDetails attention={viewing} />}
      </Modal>
    </RecordPanel>
  );
}
