import { useState } from 'react';
import { Button, Stack, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useParams } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '../../../../shared/hooks/use-current-user';
import { can } from '../../../../shared/lib/session';
import { BackHeader } from '../../../../shared/ui/back-header';
import { PageHeader } from '../../../../shared/ui/page-header';
import { PageError, PageLoader } from '../../../../shared/ui/page-state';
import { useLineAssignment } from '../api';
import { AssignItemModal } from '../components/assign-item-modal';
import { AssignmentMatrix } from '../components/assignment-matrix';
import { ItemsTable } from '../components/items-table';
import { LineSummary } from '../components/line-summary';
import { TransferModal } from '../components/transfer-modal';

/**
 * A planning line's assignment (`/budget/assignment/$expense`, key `asignacion`; issue 13 sections 4 and 5):
 * the line's header, its 12 months with planned, each item's share, assigned, committed, executed, available
 * and unassigned amounts (Q), and the items that pay it with their transaction, transfer, record and copy.
 * Also the line's detail page: `/budget/planning/$id` can render it.
 */
export function LineAssignmentPage() {
  const { t } = useTranslation('budget');
  const { expense } = useParams({ from: '/app/budget/assignment/$expense' });
  const assignment = useLineAssignment(expense);
  const user = useCurrentUser();
  const [assigning, setAssigning] = useState(false);
  const [transferItemId, setTransferItemId] = useState<string | null>(null);

  if (assignment.isPending) return <PageLoader />;
  if (assignment.isError) return <PageError error={assignment.error} onRetry={() => void assignment.refetch()} />;
  const data = assignment.data;
  const transferItem = data.items.find((i) => i.itemId === transferItemId) ?? null;
  const assign = can(user, 'asignacion_transacciones') && (
    <Button leftSection={<IconPlus size={16} />} onClick={() => setAssigning(true)}>
      {t('budget:assignment.assign.button')}
    </Button>
  );

  return (
    <Stack gap="md">
      {/* The way back to the plan, for those who may open it. */}
      {can(user, 'presupuesto_planificacion') ? (
        <BackHeader
          title={t('budget:assignment.title')}
          back={{ to: '/budget/planning/list', search: { year: data.line.year } }}
          backLabel={t('budget:assignment.backToPlanning')}
          actions={assign}
        />
      ) : (
        <PageHeader
          title={t('budget:assignment.title')}
          description={t('budget:assignment.description')}
          actions={assign}
        />
      )}
      <LineSummary line={data.line} />
      <Title order={2} size="h4">
        {t('budget:assignment.matrix.title')}
      </Title>
      <AssignmentMatrix data={data} />
      <Title order={2} size="h4">
        {t('budget:assignment.items.title')}
      </Title>
      <ItemsTable lineId={expense} items={data.items} onTransfer={(item) => setTransferItemId(item.itemId)} />
      <AssignItemModal lineId={expense} opened={assigning} onClose={() => setAssigning(false)} />
      <TransferModal line={data.line} item={transferItem} onClose={() => setTransferItemId(null)} />
    </Stack>
  );
}
