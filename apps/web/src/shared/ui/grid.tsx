import type { CSSProperties, ReactNode } from 'react';
import { Table, type TableScrollContainerProps } from '@mantine/core';

/** A column of a grid: its header, each row's cell (a figure or an input) and its total under the rows. */
export interface GridColumn<R> {
  id: string;
  header: ReactNode;
  cell: (row: R, index: number) => ReactNode;
  /** The column's cell of the totals row (nothing: an empty cell). */
  footer?: ReactNode;
  align?: 'left' | 'right';
  /** A fixed width (px or CSS). */
  width?: number | string;
  /** Props of the footer cell (a test id, `aria-live` for a total that follows the typing). */
  footerProps?: Record<string, string | undefined>;
}

interface GridProps<R> {
  /** The table's accessible name. */
  label: string;
  rows: readonly R[];
  /** A row's React key (its index for rows that are only positions, as a list being edited). */
  rowKey: (row: R, index: number) => string | number;
  /** The first column's header ('Mes') and each row's name, a row header (`scope="row"`) that labels the row. */
  rowHeader: {
    header: ReactNode;
    cell: (row: R, index: number) => ReactNode;
    width?: number | string;
    /** The row header cells' class (a sticky first column); `row` is null for the header and totals rows. */
    className?: (row: R | null) => string | undefined;
    style?: CSSProperties;
  };
  columns: readonly GridColumn<R>[];
  /** The totals row's name; without it there is no totals row. */
  footerLabel?: ReactNode;
  /** Under this width the grid scrolls sideways (0: never). */
  minWidth?: number;
  /** Attributes of a row (`data-month`) and its class. */
  rowProps?: (row: R) => Record<string, string | number | undefined>;
  rowClassName?: (row: R) => string | undefined;
  /** The table's class and style. */
  className?: string;
  style?: CSSProperties;
  /** Mantine's spacing. */
  verticalSpacing?: number | string;
  horizontalSpacing?: number | string;
  withTableBorder?: boolean;
  /** Props of the scroll container (a focusable, named region for a wide grid). */
  scrollAreaProps?: TableScrollContainerProps['scrollAreaProps'];
  /** A last row across every column under the rows (what is missing: 'no items pay this line yet'). */
  note?: ReactNode;
}

/**
 * The one grid of the app's month tables (issue 25 section 8): a row per month (or per priority, per item), its
 * name as a row header, a column per figure or input, and a totals row. The POA line's goal and amount per month,
 * an assignment's transaction, a line's assignment matrix and support's service targets are all this grid with
 * other columns: the inputs are the caller's (each labelled with its row, 'Monto de marzo'), so a server's refusal
 * of one cell lands beside it, and totals are the caller's exact sums.
 */
export function Grid<R>({
  label,
  rows,
  rowKey,
  rowHeader,
  columns,
  footerLabel,
  minWidth = 420,
  rowProps,
  rowClassName,
  className,
  style,
  verticalSpacing = 4,
  horizontalSpacing,
  withTableBorder,
  scrollAreaProps,
  note,
}: GridProps<R>) {
  const align = (c: GridColumn<R>) => (c.align === 'right' ? ('right' as const) : undefined);
  return (
    <Table.ScrollContainer minWidth={minWidth} scrollAreaProps={scrollAreaProps}>
      <Table
        aria-label={label}
        verticalSpacing={verticalSpacing}
        horizontalSpacing={horizontalSpacing}
        withTableBorder={withTableBorder}
        className={className}
        style={style}
      >
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={rowHeader.width} className={rowHeader.className?.(null)}>
              {rowHeader.header}
            </Table.Th>
            {columns.map((c) => (
              <Table.Th key={c.id} ta={align(c)} w={c.width}>
                {c.header}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row, i) => (
            <Table.Tr key={rowKey(row, i)} className={rowClassName?.(row)} {...rowProps?.(row)}>
              <Table.Th scope="row" className={rowHeader.className?.(row)} style={rowHeader.style}>
                {rowHeader.cell(row, i)}
              </Table.Th>
              {columns.map((c) => (
                <Table.Td key={c.id} ta={align(c)}>
                  {c.cell(row, i)}
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
          {note && (
            <Table.Tr>
              <Table.Td colSpan={columns.length + 1}>{note}</Table.Td>
            </Table.Tr>
          )}
        </Table.Tbody>
        {footerLabel !== undefined && (
          <Table.Tfoot>
            <Table.Tr>
              <Table.Th scope="row" className={rowHeader.className?.(null)}>
                {footerLabel}
              </Table.Th>
              {columns.map((c) => (
                <Table.Td key={c.id} ta={align(c)} fw={600} {...c.footerProps}>
                  {c.footer}
                </Table.Td>
              ))}
            </Table.Tr>
          </Table.Tfoot>
        )}
      </Table>
    </Table.ScrollContainer>
  );
}
