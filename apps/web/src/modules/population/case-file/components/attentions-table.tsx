import type { ReactNode } from 'react';
import { ActionIcon, Group, Table, Tooltip, VisuallyHidden } from '@mantine/core';
import { IconEye } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../../shared/lib/format';
import { EmptyRow } from '../../../../shared/ui/empty-row';
import type { Attention } from '../../persons/api/queries';
import { CatalogText } from '../../shared/components/catalog-text';
import { formatLocalDateTime, shorten } from '../../shared/lib/case-file-utils';

const COLUMNS = 8;

type Row = Pick<Attention, 'id' | 'attendedAt' | 'area' | 'modality' | 'durationMinutes' | 'summary' | 'nextFollowUp'>;

interface Props<A extends Row> {
  items: A[];
  ariaLabel: string;
  /** The second column: the professional (on a person's file) or the person (on the professional's own list). */
  who: { header: string; cell: (a: A) => ReactNode };
  onView: (a: A) => void;
  /** More row actions after 'view' (edit and delete on the file). */
  actions?: (a: A, name: string) => ReactNode;
}

/** Attentions as a table, newest first as the server sends them (a person's file and 'My attentions'). */
export function AttentionsTable<A extends Row>({ items, ariaLabel, who, onView, actions }: Props<A>) {
  const { t } = useTranslation('population');
  return (
    <Table.ScrollContainer minWidth={900}>
      <Table verticalSpacing="xs" striped aria-label={ariaLabel}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('attentions.attendedAt')}</Table.Th>
            <Table.Th>{who.header}</Table.Th>
            <Table.Th>{t('attentions.area')}</Table.Th>
            <Table.Th>{t('attentions.modality')}</Table.Th>
            <Table.Th>{t('attentions.duration_short')}</Table.Th>
            <Table.Th>{t('attentions.summary')}</Table.Th>
            <Table.Th>{t('attentions.nextFollowUp')}</Table.Th>
            <Table.Th>
              <VisuallyHidden>{t('links.actions')}</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.length === 0 && <EmptyRow colSpan={COLUMNS} />}
          {items.map((a) => {
            const name = t('attentions.row_name', { at: formatLocalDateTime(a.attendedAt) });
            return (
              <Table.Tr key={a.id}>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatLocalDateTime(a.attendedAt)}</Table.Td>
                <Table.Td>{who.cell(a)}</Table.Td>
                <Table.Td>
                  <CatalogText catalog="attention_area" code={a.area} />
                </Table.Td>
                <Table.Td>
                  <CatalogText catalog="attention_modality" code={a.modality} />
                </Table.Td>
                <Table.Td>{a.durationMinutes}</Table.Td>
                <Table.Td style={{ maxWidth: 320 }}>{shorten(a.summary)}</Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDate(a.nextFollowUp)}</Table.Td>
                <Table.Td>
                  <Group gap={4} wrap="nowrap">
                    <Tooltip label={t('attentions.view')}>
                      <ActionIcon
                        variant="subtle"
                        aria-label={t('attentions.view_for', { name })}
                        onClick={() => onView(a)}
                      >
                        <IconEye size={18} />
                      </ActionIcon>
                    </Tooltip>
                    {actions?.(a, name)}
                  </Group>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
