import type { ReactNode } from 'react';
import { Alert, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { LineAssignment } from '@amparo/shared/modules/assignment.schema';
import { BackHeader } from '../../../../shared/ui/back-header';
import { Money } from '../../../../shared/ui/format';
import { PageError, PageLoader } from '../../../../shared/ui/page-state';
import { useAssignmentItems, useLineAssignment } from '../api';
import { itemLabel, type ItemNames } from '../lib/items';

/** The item of a cell page: its names and amounts, and what it pays of the line per month (zeros when nothing). */
export interface CellItem extends ItemNames {
  itemId: string;
  cooperatingName: string;
  itemAmount: string;
  itemUnassigned: string;
  /** January first: what it pays of the line and what of that is not committed or executed (Q). */
  months: { assigned: string; available: string }[];
}

const NOTHING = Array.from({ length: 12 }, () => ({ assigned: '0.00', available: '0.00' }));

/**
 * The line and the item of a page under `/budget/assignment/$expense/…/$cooperatingItem`: the item as the line
 * sees it, or, when it pays nothing of the line yet, as the item picker lists it (active cooperating only).
 */
export function useCell(lineId: string, itemId: string) {
  const assignment = useLineAssignment(lineId);
  const onLine = assignment.data?.items.find((i) => i.itemId === itemId) ?? null;
  const needsLookup = assignment.isSuccess && !onLine;
  const lookup = useAssignmentItems({ itemId }, needsLookup);
  const option = needsLookup ? (lookup.data?.[0] ?? null) : null;
  const item: CellItem | null = onLine
    ? { ...onLine, months: onLine.months }
    : option
      ? {
          ...option,
          itemAmount: option.currentAmount,
          itemUnassigned: option.unassigned,
          months: NOTHING,
        }
      : null;
  const pending = assignment.isPending || (needsLookup && lookup.isPending);
  const error = assignment.error ?? (needsLookup ? lookup.error : null);
  return { assignment, item, pending, error, retry: () => void assignment.refetch() };
}

interface CellPageProps {
  cell: ReturnType<typeof useCell>;
  lineId: string;
  /** The page's title for the item ('Transacción de F-01 – R1 Becas'). */
  title: (item: string) => string;
  children: (data: LineAssignment, item: CellItem) => ReactNode;
}

/**
 * A page about one item of a line: loading and errors, a way back to the line's assignment, the title, the
 * item's amounts, then the page's own content.
 */
export function CellPage({ cell, lineId, title, children }: CellPageProps) {
  const { t } = useTranslation('budget');
  if (cell.pending) return <PageLoader />;
  if (cell.error) return <PageError error={cell.error} onRetry={cell.retry} />;
  const data = cell.assignment.data!;
  const back = (
    <BackHeader
      title={cell.item ? title(itemLabel(cell.item)) : t('budget:assignment.cell.missingTitle')}
      back={{ to: '/budget/assignment/$expense', params: { expense: lineId } }}
      backLabel={t('budget:assignment.back')}
    />
  );
  if (!cell.item)
    return (
      <Stack gap="md">
        {back}
        <Alert color="orange">{t('budget:assignment.cell.missing')}</Alert>
      </Stack>
    );
  const item = cell.item;
  return (
    <Stack gap="md">
      {back}
      <Paper withBorder p="md" data-testid="cell-summary">
        <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm">
          <Stack gap={2}>
            <Text size="xs" c="dimmed">
              {t('budget:assignment.line.description')}
            </Text>
            <Text size="sm" fw={500} lineClamp={2}>
              {data.line.description} ({data.line.year})
            </Text>
          </Stack>
          <Stack gap={2}>
            <Text size="xs" c="dimmed">
              {t('budget:assignment.cell.cooperating')}
            </Text>
            <Text size="sm" fw={500}>
              {item.cooperatingCode} – {item.cooperatingName}
            </Text>
          </Stack>
          <Stack gap={2}>
            <Text size="xs" c="dimmed">
              {t('budget:assignment.items.itemAmount')}
            </Text>
            <Text size="sm" fw={500}>
              <Money value={item.itemAmount} />
            </Text>
          </Stack>
          <Stack gap={2}>
            <Text size="xs" c="dimmed">
              {t('budget:assignment.items.itemUnassigned')}
            </Text>
            <Text size="sm" fw={500} data-testid="item-unassigned">
              <Money value={item.itemUnassigned} />
            </Text>
          </Stack>
        </SimpleGrid>
      </Paper>
      {children(data, item)}
    </Stack>
  );
}
