import { useState } from 'react';
import { ActionIcon, Anchor, Group, Modal, Paper, Table, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import { IconEye, IconLock } from '@tabler/icons-react';
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../shared/lib/format';
import { EmptyRow } from '../../../shared/ui/empty-row';
import { PageHeader } from '../../../shared/ui/page-header';
import { PageError, PageLoader } from '../../../shared/ui/page-state';
import { TablePagination } from '../../../shared/ui/table-pagination';
import type { MyAttentionsSearch } from '../api/list-search';
import { useMyAttentions, type MyAttention } from '../api/queries';
import { AttentionDetails } from '../components/attention-details';
import { CatalogText } from '../components/catalog-text';
import { formatLocalDateTime, shorten } from '../components/case-file-utils';

const PAGE_SIZE = 25;
const COLUMNS = 8;

function PersonCell({ attention: a }: { attention: MyAttention }) {
  const { t } = useTranslation('population');
  if (a.personRestricted || !a.personName) {
    return (
      <Group gap={4} wrap="nowrap">
        <IconLock size={14} aria-hidden />
        <Text size="sm" c="dimmed" fs="italic">{t('my_attentions.restricted')}</Text>
      </Group>
    );
  }
  return <Anchor component={Link} to={`/population/served/${a.personId}`} size="sm">{a.personName}</Anchor>;
}

/**
 * Population › My attentions: the attentions the signed-in user gave as
 * professional, newest first. A person's name shows only where the user still
 * holds a read grant on that person.
 */
export function MyAttentionsPage() {
  const { t } = useTranslation('population');
  const navigate = useNavigate();
  const { page } = useSearch({ strict: false }) as MyAttentionsSearch;
  const attentions = useMyAttentions(page, PAGE_SIZE);
  const [viewing, setViewing] = useState<MyAttention | null>(null);

  return (
    <>
      <PageHeader title={t('my_attentions.title')} description={t('my_attentions.description')} />
      {attentions.isPending && <PageLoader />}
      {attentions.isError && <PageError error={attentions.error} onRetry={() => void attentions.refetch()} />}
      {attentions.data && (
        <Paper withBorder p="md">
          <Table.ScrollContainer minWidth={900}>
            <Table verticalSpacing="xs" striped aria-label={t('my_attentions.title')}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('attentions.attendedAt')}</Table.Th>
                  <Table.Th>{t('my_attentions.person')}</Table.Th>
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
                {attentions.data.items.map((a) => (
                  <Table.Tr key={a.id}>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatLocalDateTime(a.attendedAt)}</Table.Td>
                    <Table.Td><PersonCell attention={a} /></Table.Td>
                    <Table.Td><CatalogText catalog="attention_area" code={a.area} /></Table.Td>
                    <Table.Td><CatalogText catalog="attention_modality" code={a.modality} /></Table.Td>
                    <Table.Td>{a.durationMinutes}</Table.Td>
                    <Table.Td style={{ maxWidth: 320 }}>{shorten(a.summary)}</Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDate(a.nextFollowUp)}</Table.Td>
                    <Table.Td>
                      <Tooltip label={t('attentions.view')}>
                        <ActionIcon
                          variant="subtle"
                          aria-label={t('attentions.view_for', { name: t('attentions.row_name', { at: formatLocalDateTime(a.attendedAt) }) })}
                          onClick={() => setViewing(a)}
                        >
                          <IconEye size={18} />
                        </ActionIcon>
                      </Tooltip>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <TablePagination
            page={page}
            pageSize={PAGE_SIZE}
            total={attentions.data.total}
            totalCapped={attentions.data.totalCapped}
            onChange={(next) => void navigate({ to: '/population/attentions/mine', search: { page: next } })}
          />
        </Paper>
      )}
      <Modal opened={viewing !== null} onClose={() => setViewing(null)} title={t('attentions.view_title')} size="lg">
        {viewing && <AttentionDetails attention={viewing} />}
      </Modal>
    </>
  );
}
