import type { CSSProperties, ReactNode } from 'react';
import { ActionIcon, Box, Button, Input, Text, VisuallyHidden } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { Grid, type GridColumn } from './grid';

/**
 * A cell input's label (`styles={{ label: HIDDEN_LABEL }}`): read by screen readers ('Descripción del artículo 2')
 * and carrying the required mark, but not shown, since the column's header says it.
 */
export const HIDDEN_LABEL: CSSProperties = {
  position: 'absolute',
  width: 1,
  height: 1,
  padding: 0,
  margin: -1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
  border: 0,
};

/**
 * A required cell input's props, spread before the form's (`{...requiredCell(t('unitOf', { n }))}`): its label,
 * hidden and with the asterisk, and the grid's input size.
 */
export function requiredCell(label: string) {
  return { label, styles: { label: HIDDEN_LABEL }, withAsterisk: true, size: 'sm' } as const;
}

/** A required column's header: its name and the asterisk its inputs' labels carry. */
export function RequiredHeader({ children }: { children: string }) {
  return (
    <>
      {children}
      <Text span c="var(--mantine-color-error)" aria-hidden>
        {' *'}
      </Text>
    </>
  );
}

interface RowsEditorProps<R> {
  /** The field's label (with its asterisk: the rows are required) and help under it. */
  label: string;
  description: string;
  /** The refusal of the rows as a whole ('one item at least'), under the add button. */
  error?: string;
  /** The grid's accessible name. */
  gridLabel: string;
  rows: readonly R[];
  rowKey: (row: R, index: number) => string | number;
  /** Under this width the grid scrolls sideways. */
  minWidth: number;
  /** The row number column: its header and width. */
  rowHeader: { header: ReactNode; width: number | string };
  /** The caller's columns (their inputs bound to the form); the remove column is added after them. */
  columns: readonly GridColumn<R>[];
  footerLabel?: ReactNode;
  style?: CSSProperties;
  /** The remove column: its hidden header, width, each button's name ('Quitar el artículo 2') and its top offset. */
  actionsHeader: string;
  actionsWidth: number;
  removeLabel: (n: number) => string;
  removeOffset?: number;
  onRemove: (index: number) => void;
  /** The add button: its text, what it does, and how many rows there may be at most. */
  addLabel: string;
  onAdd: () => void;
  maxRows: number;
}

/**
 * A required list edited as rows of a grid (an agreement's items, a request's items, a scale's bands): a labelled
 * field with its help and its error, a numbered row each with the caller's cells, a remove button per row (the
 * last row cannot be removed: one row at least) and an add button under the grid, disabled at `maxRows`.
 */
export function RowsEditor<R>({
  label,
  description,
  error,
  gridLabel,
  rows,
  rowKey,
  minWidth,
  rowHeader,
  columns,
  footerLabel,
  style,
  actionsHeader,
  actionsWidth,
  removeLabel,
  removeOffset,
  onRemove,
  addLabel,
  onAdd,
  maxRows,
}: RowsEditorProps<R>) {
  const actions: GridColumn<R> = {
    id: 'actions',
    header: <VisuallyHidden>{actionsHeader}</VisuallyHidden>,
    width: actionsWidth,
    cell: (_, i) => (
      <ActionIcon
        variant="subtle"
        color="red"
        mt={removeOffset}
        aria-label={removeLabel(i + 1)}
        disabled={rows.length === 1}
        onClick={() => onRemove(i)}
      >
        <IconTrash size={18} />
      </ActionIcon>
    ),
  };
  return (
    <Input.Wrapper
      label={label}
      labelElement="div"
      withAsterisk
      description={description}
      error={error}
      inputWrapperOrder={['label', 'description', 'input', 'error']}
    >
      <Box mt="xs">
        <Grid<R>
          label={gridLabel}
          rows={rows}
          rowKey={rowKey}
          minWidth={minWidth}
          style={style}
          rowHeader={{ ...rowHeader, cell: (_, i) => i + 1, style: { fontWeight: 500 } }}
          footerLabel={footerLabel}
          columns={[...columns, actions]}
        />
      </Box>
      <Button
        variant="light"
        size="xs"
        mt="xs"
        leftSection={<IconPlus size={14} />}
        onClick={onAdd}
        disabled={rows.length >= maxRows}
      >
        {addLabel}
      </Button>
    </Input.Wrapper>
  );
}
