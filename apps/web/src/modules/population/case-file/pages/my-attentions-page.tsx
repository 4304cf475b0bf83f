import { useState } from 'react';
import { Group, Modal, Paper, Text } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { useContractSearch } from '../../../../shared/lib/url-search';
import { PageHeader } from '../../../../shared/ui/page-header';
import { PageError, PageLoader } from '../../../../shared/ui/page-state';
import { TablePagination } from '../../../../shared/ui/table-pagination';
import { myAttentionsSearch } from '../../persons/api/list-search.contract';
import { useMyAttentions, type MyAttention } from '../../persons/api/queries';
import { AttentionDetails } from '../components/attention-details';
import { AttentionsTable } from '../components/attentions-table';
import { AnchorLink } from '../../../../shared/ui/router-links/anchor-link';

const PAGE_SIZE = 25;

function PersonCell({ attention: a }: { attention: MyAttention }) {
  const { t } = useTranslation('population');
  if (a.personRestricted || !a.personName) {
    return (
      <Group gap={4} wrap="nowrap">
        <IconLock size={14} aria-hidden />
        <Text size="sm" c="dimmed" fs="italic">
          {t('my_attentions.restricted')}
        </Text>
      </Group>
    );
  }
  return (
    <AnchorLink to="/population/served/$id" params={{ id: a.personId }} size="sm">
      {a.personName}
    </AnchorLink>
  );
}

/**
 * Population › My attentions: the attentions the signed-in user gave as
 * professional, newest first. A person's name shows only where the user still
 * holds a read grant on that person.
 */
export function MyAttentionsPage() {
  const { t } = useTranslation('population');
  const navigate = useNavigate();
  const { page } = useContractSearch(myAttentionsSearch, useSearch({ from: '/app/population/attentions/mine' }));
  const attentions = useMyAttentions(page, PAGE_SIZE);
  const [viewing, setViewing] = useState<MyAttention | null>(null);

  return (
    <>
      <PageHeader title={t('my_attentions.title')} description={t('my_attentions.description')} />
      {attentions.isPending && <PageLoader />}
      {attentions.isError && <PageError error={attentions.error} onRetry={() => void attentions.refetch()} />}
      {attentions.data && (
        <Paper withBorder p="md">
          <AttentionsTable
            items={attentions.data.items}
            ariaLabel={t('my_attentions.title')}
            who={{ header: t('my_attentions.person'), cell: (a) => <PersonCell attention={a} /> }}
            onView={setViewing}
          />
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
