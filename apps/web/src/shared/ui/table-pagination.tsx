import { Group, Pagination, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

interface TablePaginationProps {
  page: number;
  pageSize: number;
  total: number;
  /** The server stopped counting at `total` (paged lists cap their counts). */
  totalCapped: boolean;
  onChange: (page: number) => void;
}

/** Pages of a server-paged list. A capped count is a lower bound: one page more lets the user keep going (and raises the server's cap). */
export const pageCount = (total: number, pageSize: number, totalCapped: boolean) =>
  Math.max(1, Math.ceil(total / pageSize) + (totalCapped ? 1 : 0));

/** 'from–to of total' and page buttons for the server-paged lists. */
export function TablePagination({ page, pageSize, total, totalCapped, onChange }: TablePaginationProps) {
  const { t } = useTranslation();
  const pages = pageCount(total, pageSize, totalCapped);
  const from = total === 0 ? 0 : (page - 1) * pageSize + 1;
  const to = Math.min(page * pageSize, total);
  return (
    <Group justify="space-between" mt="md" wrap="wrap">
      <Text size="sm" c="dimmed">
        {t(totalCapped ? 'common:pagination.summaryCapped' : 'common:pagination.summary', { from, to, total })}
      </Text>
      <Pagination total={pages} value={page} onChange={onChange} size="sm" />
    </Group>
  );
}
