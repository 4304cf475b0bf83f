import { formatCount } from '@amparo/shared/format';
import type { ReactNode } from 'react';
import { Group, Pagination, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { pageCount } from './table-pagination';
import { LazySelect } from './lazy-select/lazy-select';

interface ListFooterProps {
  /** The loaded page's counts; absent while the first page loads. */
  data: { total: number; totalCapped: boolean } | undefined;
  page: number;
  pageSize: number;
  pageSizes: readonly number[];
  onPage: (page: number) => void;
  onPageSize: (pageSize: number) => void;
  /** The list's own words for its total, given '1,234' or '200+' and the count (plural). */
  totalLabel: (total: string, count: number) => string;
  /** The list's sort and order selects, shown before the page size. */
  children?: ReactNode;
}

/** Under a server-paged list kept in the URL: its total, sort selects, page size and page buttons. */
export function ListFooter({
  data,
  page,
  pageSize,
  pageSizes,
  onPage,
  onPageSize,
  totalLabel,
  children,
}: ListFooterProps) {
  const { t } = useTranslation();
  const pages = data ? pageCount(data.total, pageSize, data.totalCapped) : 1;
  return (
    <Group justify="space-between" align="center" wrap="wrap">
      <Group gap="sm">
        <Text size="sm" c="dimmed" aria-live="polite">
          {data
            ? totalLabel(`${formatCount(data.total)}${data.totalCapped ? '+' : ''}`, data.total)
            : t('common:status.loading')}
          {/* A lower bound says why it is one (issue 11 item 7): the list counts only a few pages ahead. */}
          {data?.totalCapped && (
            <Text span size="xs" c="dimmed" display="block" data-testid="total-capped-help">
              {t('common:pagination.cappedHelp')}
            </Text>
          )}
        </Text>
        {children}
        <LazySelect
          label={t('common:pagination.pageSize')}
          size="xs"
          w={110}
          allowDeselect={false}
          data={pageSizes.map(String)}
          value={String(pageSize)}
          onChange={(v) => v && onPageSize(Number(v))}
        />
      </Group>
      <Pagination total={pages} value={Math.min(page, pages)} onChange={onPage} />
    </Group>
  );
}
