import type { ReactNode } from 'react';
import { Loader, Paper, Stack } from '@mantine/core';
import classes from './list-page.module.css';
import { PageHeader } from './page-header';
import { PageError } from './page-state';

interface ListPageProps {
  title: string;
  description?: string;
  /** Buttons on the right of the title (add, invite, ...). */
  actions?: ReactNode;
  /** The list's filters and its search box (`SearchBox`: it queries from 2 characters, spec section 9). */
  filters?: ReactNode;
  /** Export controls, between the filters and the table. */
  exportSlot?: ReactNode;
  /** The list's query: its error is shown with a retry button; the footer waits for its first answer. */
  query?: { isError: boolean; error: unknown; refetch: () => unknown; data?: unknown };
  /** An overlay on the table while another page, sort or filter loads (not on background refreshes). */
  busy?: boolean;
  /** Total, page size and pages (`ListFooter`), under the table. */
  footer?: ReactNode;
  /** The table (`DataTable`). */
  children: ReactNode;
}

/**
 * The one list page of the app (issue 10 item 5): header, filters, export,
 * table and footer, in that order, with the error and loading states every
 * list needs. Modules give only their columns, filters and footer.
 */
export function ListPage({
  title,
  description,
  actions,
  filters,
  exportSlot,
  query,
  busy,
  footer,
  children,
}: ListPageProps) {
  // The footer (totals, sort, pages) comes with the first answer: drawn under the loading rows, it moved into view
  // when an empty or short page replaced them (Lighthouse desktop: a layout shift of 0.1-0.23 on the empty ticket
  // and planning lists; issue 24 section 4). Appearing, it shifts nothing.
  const answered = !query || query.data !== undefined || query.isError;
  return (
    <Stack gap="md">
      <PageHeader title={title} description={description} actions={actions} />
      {filters && (
        <Paper withBorder p="md">
          {filters}
        </Paper>
      )}
      {exportSlot}
      {query?.isError && <PageError error={query.error} onRetry={() => void query.refetch()} />}
      <div className={classes.table} aria-busy={busy || undefined}>
        {busy && (
          <div className={classes.busy}>
            <Loader size="sm" />
          </div>
        )}
        {children}
      </div>
      {answered && footer}
    </Stack>
  );
}
