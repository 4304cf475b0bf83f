import type { ReactNode } from 'react';
import { ActionIcon, Tooltip, VisuallyHidden } from '@mantine/core';
import { IconEye } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../../shared/lib/format';
import { DataTable, type DataColumn } from '../../../../shared/ui/data-table/data-table';
import type { Attention } from '../../persons/api/queries';
import { CatalogText } from '../../shared/components/catalog-text';
import { formatLocalDateTime } from '../../../../shared/lib/format';

type Row = Pick<Attention, 'id' | 'attendedAt' | 'area' | 'modality' | 'durationMinutes' | 'summary' | 'nextFollowUp'>;

interface Props<A extends Row> {
  items: A[];
  ariaLabel: string;
  /** The second column: the professional (on a person's file) or the person (on the professional's own list). */
  who: { header: string; cell: (a: A) => ReactNode };
  onView: (a: A) => void;
}

/** The attention columns, with `who` second (the professional on a person's file, the person on 'My attentions'). */
export function useAttentionColumns<A extends Row>(who: { header: string; cell: (a: A) => ReactNode }) {
  const { t } = useTranslation('population');
  const columns: DataColumn<A>[] = [
    {
      id: 'attendedAt',
      header: t('attentions.attendedAt'),
      text: (a) => formatLocalDateTime(a.attendedAt),
      width: 150,
    },
    { id: 'who', header: who.header, cell: who.cell, wrap: true },
    { id: 'area', header: t('attentions.area'), cell: (a) => <CatalogText catalog="attention_area" code={a.area} /> },
    {
      id: 'modality',
      header: t('attentions.modality'),
      cell: (a) => <CatalogText catalog="attention_modality" code={a.modality} />,
    },
    {
      id: 'duration',
      header: t('attentions.duration_short'),
      text: (a) => a.durationMinutes,
      width: 90,
      align: 'right',
    },
    { id: 'summary', header: t('attentions.summary'), text: (a) => a.summary, wrap: true },
    { id: 'nextFollowUp', header: t('attentions.nextFollowUp'), text: (a) => formatDate(a.nextFollowUp), width: 130 },
  ];
  return columns;
}

/** The name of an attention row (its date and time), for accessible names and confirmations. */
export function useAttentionName() {
  const { t } = useTranslation('population');
  return (a: Pick<Attention, 'attendedAt'>) => t('attentions.row_name', { at: formatLocalDateTime(a.attendedAt) });
}

/** The 'view' button of an attention row. */
export function ViewAttentionButton({ name, onView }: { name: string; onView: () => void }) {
  const { t } = useTranslation('population');
  return (
    <Tooltip label={t('attentions.view')}>
      <ActionIcon variant="subtle" aria-label={t('attentions.view_for', { name })} onClick={onView}>
        <IconEye size={18} />
      </ActionIcon>
    </Tooltip>
  );
}

/** Attentions as a read-only table, newest first as the server sends them ('My attentions'). */
export function AttentionsTable<A extends Row>({ items, ariaLabel, who, onView }: Props<A>) {
  const { t } = useTranslation('population');
  const columns = useAttentionColumns<A>(who);
  const nameOf = useAttentionName();
  return (
    <DataTable
      bare
      label={ariaLabel}
      columns={columns}
      rows={items}
      rowKey={(a) => a.id}
      minWidth={900}
      actionsWidth={60}
      actionsHeader={<VisuallyHidden>{t('links.actions')}</VisuallyHidden>}
      actions={(a) => <ViewAttentionButton name={nameOf(a)} onView={() => onView(a)} />}
    />
  );
}
