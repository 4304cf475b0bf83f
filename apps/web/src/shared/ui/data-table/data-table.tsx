import { useMemo, useState, type ReactNode } from 'react';
import { Group, Paper, Text, UnstyledButton, rem, useMantineTheme, type MantineBreakpoint } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconArrowsSort, IconSortAscending, IconSortDescending } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { EMPTY } from '../../lib/format';
import classes from './data-table.module.css';
import { nextLocalSort, sortRows } from './sort';

/** One column of a `DataTable`. */
export interface DataColumn<T> {
  /** Stable id; for a server-sorted list, the sort key the API takes (`createdAt`, `names`, ...). */
  id: string;
  /** Translated header. */
  header: ReactNode;
  /** The value as text: shown (unless `cell` is given), sorted on, and the tooltip of a truncated cell. */
  text?: (row: T) => string | number | null | undefined;
  /** Custom rendering (badges, links); `text` still gives the sort value and tooltip. */
  cell?: (row: T, depth: number) => ReactNode;
  /** Column width (px or CSS); columns without one share the rest. */
  width?: number | string;
  /** Long values are cut to the column's width with the whole value in a tooltip. */
  truncate?: boolean;
  /** Free text (names, titles): wraps onto more lines, a long word broken, so it is read whole without widening the table. */
  wrap?: boolean;
  /** Sortable by clicking the header: on the server when the table has `sort`, else in the browser by `text`. */
  sortable?: boolean;
  /** Text weight 500 (the record's code or name). */
  strong?: boolean;
  /** Numbers align right. */
  align?: 'left' | 'right' | 'center';
  /** The order of a first click on this column's header (dates read best newest first). */
  firstOrder?: 'asc' | 'desc';
  /**
   * A secondary column shown only from this breakpoint up (`xl`: 1408 px), so the
   * main columns keep room on a 1366 px laptop; the value stays in the record.
   */
  visibleFrom?: MantineBreakpoint;
}

/** Server-side sorting, kept in the URL by the page. */
export interface ServerSort {
  by: string;
  order: 'asc' | 'desc';
  onChange: (by: string, order: 'asc' | 'desc') => void;
}

interface DataTableProps<T> {
  columns: DataColumn<T>[];
  /** The rows; undefined while the first load runs (skeleton rows). */
  rows: T[] | undefined;
  rowKey: (row: T) => string;
  /** Buttons of each row (edit, delete, ...), in a last 'Actions' column of `actionsWidth`. */
  actions?: (row: T, depth: number) => ReactNode;
  actionsWidth?: number;
  /** Header of the actions column (defaults to 'Actions'; tables inside a card may hide it visually). */
  actionsHeader?: ReactNode;
  sort?: ServerSort;
  /** Shown instead of rows when there are none: why, and what to do (defaults to 'No records'). */
  empty?: ReactNode;
  /** Below this width the table scrolls sideways instead of squeezing its columns. */
  minWidth?: number;
  /** Accessible name of the table (its page's title, usually). */
  label?: string;
  /** Skeleton rows while loading. */
  loadingRows?: number;
  /** Without the bordered paper (inside a card or a modal). */
  bare?: boolean;
  /** Rows shown dimmed (expired grants, ...). */
  dimmed?: (row: T) => boolean;
  /** Rows shown under a row, indented one level (a file's earlier revisions): same columns, `depth` 1. */
  subRows?: (row: T) => T[];
  /** Extra attributes of a row's `<tr>` (test ids, an accessible name for a sub-row). */
  rowAttributes?: (row: T, depth: number) => Record<string, string>;
  /** A last row in the table's footer (totals), one cell a column, in column order. */
  summary?: ReactNode[];
  /** A click on a row opens it (the row should also hold a real link for keyboards and new tabs). */
  onRowClick?: (row: T) => void;
}

const NO_ROWS: never[] = [];

/**
 * The one table of the app (issue 10 item 5), drawn as Mantine's Table looks (its spacing, stripes, row borders and
 * hover, in data-table.module.css) with plain elements: Mantine's Table brings its ScrollArea and, through it,
 * floating-ui into every list's first load, and draws a styled Box for every row (issue 24 section 4). It has
 * column definitions with widths, truncation with a tooltip, sorting (server or
 * browser) with `aria-sort`, skeleton rows while loading, an empty state that
 * explains, and row actions. It sorts a page's own rows itself (`sort.ts`):
 * TanStack Table did only that here, for 12 KB of every list's first load
 * (issue 24 section 4).
 */
export function DataTable<T>({
  columns,
  rows,
  rowKey,
  actions,
  actionsWidth = 110,
  sort,
  empty,
  minWidth = 600,
  label,
  loadingRows = 5,
  bare = false,
  onRowClick,
  dimmed,
  actionsHeader,
  subRows,
  rowAttributes,
  summary,
}: DataTableProps<T>) {
  const { t, i18n } = useTranslation();
  const [localSort, setLocalSort] = useState<{ id: string; order: 'asc' | 'desc' } | null>(null);
  const byId = new Map(columns.map((c) => [c.id, c]));
  const colCount = columns.length + (actions ? 1 : 0);
  const shownCount = useShownColumns(columns) + (actions ? 1 : 0);
  const shownRows = useMemo(() => {
    const valueOf = !sort && localSort ? columns.find((c) => c.id === localSort.id)?.text : undefined;
    return rows && localSort && valueOf ? sortRows(rows, valueOf, localSort.order, i18n.language) : (rows ?? NO_ROWS);
  }, [rows, sort, localSort, columns, i18n.language]);

  const sortOf = (id: string): 'ascending' | 'descending' | undefined => {
    const s = sort ? (sort.by === id ? sort.order : null) : localSort?.id === id ? localSort.order : null;
    return s === 'asc' ? 'ascending' : s === 'desc' ? 'descending' : undefined;
  };
  const toggle = (id: string) => {
    const first = byId.get(id)?.firstOrder ?? 'asc';
    if (sort) sort.onChange(id, sort.by === id ? (sort.order === 'asc' ? 'desc' : 'asc') : first);
    else setLocalSort((current) => nextLocalSort(current, id, first));
  };

  const renderRow = (original: T, key: string, depth: number) => (
    <tr
      key={key}
      className={depth > 0 || dimmed?.(original) ? `${classes.tr} ${classes.dimmed}` : classes.tr}
      // A click on a link or button inside the row does its own thing, not the row's.
      onClick={
        onRowClick
          ? (e: React.MouseEvent) => !(e.target as HTMLElement).closest('a, button') && onRowClick(original)
          : undefined
      }
      style={onRowClick ? { cursor: 'pointer' } : undefined}
      {...rowAttributes?.(original, depth)}
    >
      {columns.map((c, i) => (
        <td key={c.id} className={cellClass(c, depth, i)} style={c.align ? { textAlign: c.align } : undefined}>
          {renderCell(c, original, depth)}
        </td>
      ))}
      {actions && <td className={classes.td}>{actions(original, depth)}</td>}
    </tr>
  );

  const body = (
    // A table wider than its place scrolls sideways; keyboard users scroll it once it has the focus, so it is a
    // named, focusable region (axe: scrollable-region-focusable, found on the working calendar).
    <div className={classes.scroll} tabIndex={0} role="region" aria-label={label} data-table-scroll>
      <table className={classes.table} aria-label={label} style={{ minWidth: rem(minWidth) }}>
        <thead>
          <tr className={classes.headRow}>
            {columns.map((c) => {
              const dir = sortOf(c.id);
              const Icon =
                dir === 'ascending' ? IconSortAscending : dir === 'descending' ? IconSortDescending : IconArrowsSort;
              return (
                <th
                  key={c.id}
                  className={visibleClass(classes.th, c.visibleFrom)}
                  style={{ width: width(c.width), textAlign: c.align }}
                  aria-sort={c.sortable ? (dir ?? 'none') : undefined}
                >
                  {c.sortable ? (
                    <UnstyledButton onClick={() => toggle(c.id)} fw={700} fz="sm">
                      <Group gap={4} wrap="nowrap">
                        {c.header}
                        <Icon size={14} aria-hidden />
                      </Group>
                    </UnstyledButton>
                  ) : (
                    c.header
                  )}
                </th>
              );
            })}
            {actions && (
              <th className={classes.th} style={{ width: width(actionsWidth) }}>
                {actionsHeader ?? t('common:status.actions')}
              </th>
            )}
          </tr>
        </thead>
        <tbody>
          {!rows &&
            Array.from({ length: loadingRows }, (_, i) => (
              <tr key={i} className={classes.tr} aria-hidden>
                {Array.from({ length: colCount }, (_, j) => (
                  <td key={j} className={cellClass(columns[j], 0, j)}>
                    <div className={classes.skeleton} />
                  </td>
                ))}
              </tr>
            ))}
          {rows && rows.length === 0 && (
            <tr className={classes.tr}>
              <td className={classes.td} colSpan={shownCount}>
                {empty ?? (
                  <Text c="dimmed" ta="center" py="md">
                    {t('common:status.empty')}
                  </Text>
                )}
              </td>
            </tr>
          )}
          {shownRows.flatMap((row) => {
            const key = rowKey(row);
            return [
              renderRow(row, key, 0),
              ...(subRows?.(row) ?? []).map((sub) => renderRow(sub, `${key}/${rowKey(sub)}`, 1)),
            ];
          })}
        </tbody>
        {summary && rows && rows.length > 0 && (
          <tfoot>
            <tr className={classes.footRow}>
              {summary.map((cell, i) => (
                <td
                  key={columns[i]?.id ?? i}
                  className={visibleClass(`${classes.td} ${classes.total}`, columns[i]?.visibleFrom)}
                  style={{ textAlign: columns[i]?.align }}
                >
                  {cell}
                </td>
              ))}
            </tr>
          </tfoot>
        )}
      </table>
    </div>
  );
  return bare ? body : <Paper withBorder>{body}</Paper>;
}

function renderCell<T>(c: DataColumn<T>, row: T, depth: number): ReactNode {
  const text = c.text?.(row);
  const shown = c.cell ? c.cell(row, depth) : text === null || text === undefined || text === '' ? EMPTY : text;
  if (c.wrap) return <div className={classes.wrap}>{shown}</div>;
  if (!c.truncate || text === null || text === undefined || text === '') return shown;
  // The browser's own tooltip: a Mantine Tooltip in every cut cell of a 25-row page weighed on the list's first
  // render (Lighthouse mobile, median blocking time 4.8 s before, 3.6 s after; issue 11 item 8).
  return (
    <div className={classes.truncate} title={String(text)}>
      {shown}
    </div>
  );
}

/**
 * How many of `columns` this width shows (those without `visibleFrom`, and those whose breakpoint it reaches). The
 * empty state's cell spans exactly these: spanning the hidden ones too gave the fixed layout phantom columns, and
 * every header moved sideways when «no records» replaced the loading rows (Lighthouse desktop: a layout shift of 0.10
 * on the empty ticket list and 0.195 on the planning list; issue 24 section 4).
 */
function useShownColumns<T>(columns: DataColumn<T>[]): number {
  const theme = useMantineTheme();
  const reaches = (bp: MantineBreakpoint) => `(min-width: ${theme.breakpoints[bp]})`;
  const options = { getInitialValueInEffect: false };
  // One query per breakpoint, always in the same order (hooks).
  const shown: Record<MantineBreakpoint, boolean> = {
    xs: useMediaQuery(reaches('xs'), undefined, options),
    sm: useMediaQuery(reaches('sm'), undefined, options),
    md: useMediaQuery(reaches('md'), undefined, options),
    lg: useMediaQuery(reaches('lg'), undefined, options),
    xl: useMediaQuery(reaches('xl'), undefined, options),
  };
  return columns.filter((c) => !c.visibleFrom || shown[c.visibleFrom]).length;
}

/** A body cell's classes: padding, weight, indent of a sub-row, and Mantine's own class that hides it below `visibleFrom`. */
function cellClass<T>(c: DataColumn<T> | undefined, depth: number, index: number): string {
  const names = [classes.td];
  if (c?.strong && depth === 0) names.push(classes.strong);
  if (index === 0 && depth > 0) names.push(classes.indented);
  return visibleClass(names.join(' '), c?.visibleFrom);
}

/** `names` with Mantine's class that hides an element below `breakpoint` (what its `visibleFrom` prop adds). */
function visibleClass(names: string, breakpoint: MantineBreakpoint | undefined): string {
  return breakpoint ? `${names} mantine-visible-from-${breakpoint}` : names;
}

/** A column's width as Mantine's `w` prop reads it: a number is px, scaled as rem; a string is CSS. */
function width(value: number | string | undefined): string | undefined {
  return typeof value === 'number' ? rem(value) : value;
}
