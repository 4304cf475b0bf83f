import { ActionIcon, Group, Stack, Text, Tooltip } from '@mantine/core';
import { IconArrowsDiff, IconArrowsExchange, IconCopy, IconHistory } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { ItemAssignment } from '@amparo/shared/modules/assignment.schema';
import { useCurrentUser } from '../../../../shared/hooks/use-current-user';
import { can } from '../../../../shared/lib/session';
import { DataTable, type DataColumn } from '../../../../shared/ui/data-table/data-table';
import { Money } from '../../../../shared/ui/format';
import { ActionIconLink } from '../../../../shared/ui/router-links/action-icon-link';
import { itemLabel } from '../lib/items';

interface ItemsTableProps {
  lineId: string;
  items: ItemAssignment[];
  /** Opens the transfer dialog of an item. */
  onTransfer: (item: ItemAssignment) => void;
}

const money = (pick: (i: ItemAssignment) => string) => ({
  text: pick,
  cell: (i: ItemAssignment) => <Money value={pick(i)} />,
  align: 'right' as const,
  width: 125,
});

/**
 * The cooperating items that pay the line: what each pays of it (Q, the year), what is still available of that,
 * and the item's own amount, assigned over every line and unassigned; per item its transaction, transfer,
 * record and copy, each shown only to holders of its permission key.
 */
export function ItemsTable({ lineId, items, onTransfer }: ItemsTableProps) {
  const { t } = useTranslation('budget');
  const user = useCurrentUser();
  const canTransact = can(user, 'asignacion_transacciones');
  const canRecord = can(user, 'asignacion_historial');
  const canCopy = can(user, 'asignacion');

  const columns: DataColumn<ItemAssignment>[] = [
    {
      id: 'item',
      header: t('budget:assignment.items.item'),
      text: itemLabel,
      // The cooperating above, the item below: whole, never cut.
      cell: (i) => (
        <Stack gap={0}>
          <Text size="xs" c="dimmed">
            {i.cooperatingCode} – {i.cooperatingName}
          </Text>
          <Text size="sm" fw={500}>
            {i.itemCode} {i.itemName}
          </Text>
        </Stack>
      ),
      width: 230,
    },
    { id: 'onLine', header: t('budget:assignment.items.onLine'), ...money((i) => i.total.assigned) },
    { id: 'available', header: t('budget:assignment.items.available'), ...money((i) => i.total.available) },
    // The item's own figures beyond what is left of it come on wide screens only (the cell pages show them too).
    {
      id: 'itemAmount',
      header: t('budget:assignment.items.itemAmount'),
      ...money((i) => i.itemAmount),
      visibleFrom: 'xl',
    },
    {
      id: 'itemAssigned',
      header: t('budget:assignment.items.itemAssigned'),
      ...money((i) => i.itemAssigned),
      visibleFrom: 'xl',
    },
    { id: 'itemUnassigned', header: t('budget:assignment.items.itemUnassigned'), ...money((i) => i.itemUnassigned) },
  ];
  const params = (item: ItemAssignment) => ({ expense: lineId, cooperatingItem: item.itemId });

  return (
    <DataTable
      label={t('budget:assignment.items.label')}
      columns={columns}
      rows={items}
      rowKey={(i) => i.itemId}
      minWidth={760}
      actionsWidth={160}
      empty={t('budget:assignment.items.empty')}
      actions={(item) => {
        const name = itemLabel(item);
        const action = (key: string) => t(`budget:assignment.actions.${key}`, { item: name });
        return (
          <Group gap={4} wrap="nowrap">
            {canTransact && (
              <Tooltip label={action('transaction')}>
                <ActionIconLink
                  to="/budget/assignment/$expense/transaction/$cooperatingItem"
                  params={params(item)}
                  variant="subtle"
                  aria-label={action('transaction')}
                >
                  <IconArrowsDiff size={18} />
                </ActionIconLink>
              </Tooltip>
            )}
            {canTransact && (
              <Tooltip label={action('transfer')}>
                <ActionIcon variant="subtle" onClick={() => onTransfer(item)} aria-label={action('transfer')}>
                  <IconArrowsExchange size={18} />
                </ActionIcon>
              </Tooltip>
            )}
            {canRecord && (
              <Tooltip label={action('record')}>
                <ActionIconLink
                  to="/budget/assignment/$expense/record/$cooperatingItem"
                  params={params(item)}
                  variant="subtle"
                  aria-label={action('record')}
                >
                  <IconHistory size={18} />
                </ActionIconLink>
              </Tooltip>
            )}
            {canCopy && (
              <Tooltip label={action('copy')}>
                <ActionIconLink
                  to="/budget/assignment/$expense/copy/$cooperatingItem"
                  params={params(item)}
                  variant="subtle"
                  aria-label={action('copy')}
                >
                  <IconCopy size={18} />
                </ActionIconLink>
              </Tooltip>
            )}
          </Group>
        );
      }}
    />
  );
}
