import { useState, type ReactNode } from 'react';
import { Button, Group, Modal, Stack, VisuallyHidden } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useDeleteConfirm } from '../../../../shared/hooks/use-delete-confirm';
import { DataTable, type DataColumn } from '../../../../shared/ui/data-table/data-table';
import { QueryStatus } from '../../../../shared/ui/page-state';
import { RowActions } from '../../../../shared/ui/row-actions';

interface RecordPanelProps<T> {
  /** The tab's query (each GET is audited as a view, so the panel mounts only while its tab is open). */
  query: Pick<UseQueryResult, 'isPending' | 'isError' | 'error'>;
  /** The records (the query's data, or its page's items). */
  rows: T[] | undefined;
  columns: DataColumn<T>[];
  rowKey: (row: T) => string;
  /** Accessible name of the table (the tab's title). */
  label: string;
  /** Help or privacy notice above the list. */
  intro?: ReactNode;
  /** The write grant on the person: without it the add, edit and delete buttons are not shown. */
  canWrite: boolean;
  addLabel: string;
  /** The modal's title for a new record (`undefined`) or the one being edited. */
  formTitle: (record: T | undefined) => string;
  /** The add/edit form; it calls `onDone` after a save (a 409 stale version is shown by the form itself). */
  form: (record: T | undefined, onDone: () => void) => ReactNode;
  /** A record's name, for the row buttons' accessible names and the delete confirmation. */
  nameOf: (row: T) => string;
  remove: (row: T) => Promise<unknown>;
  /** Rows that may be edited and deleted here (incoming links are shown, never edited). */
  editable?: (row: T) => boolean;
  /** More buttons of a row, before edit and delete (e.g. view). */
  rowActions?: (row: T) => ReactNode;
  /** Under the table (the page buttons of a paged tab). */
  footer?: ReactNode;
  /** More dialogs of the tab (e.g. a record's details). */
  children?: ReactNode;
  minWidth?: number;
}

/**
 * One tab of a person's case file (links, perpetrators, ...): help text, an
 * add button, the records' table with edit and delete, the add/edit form in a
 * modal and the delete confirmation (issue 10 item 5). Each tab gives only
 * its columns and its form.
 */
export function RecordPanel<T>({
  query,
  rows,
  columns,
  rowKey,
  label,
  intro,
  canWrite,
  addLabel,
  formTitle,
  form,
  nameOf,
  remove,
  editable = () => true,
  rowActions,
  footer,
  children,
  minWidth = 960,
}: RecordPanelProps<T>) {
  const { t } = useTranslation('population');
  // null: closed; { record: undefined }: adding; { record }: editing.
  const [editing, setEditing] = useState<{ record?: T } | null>(null);
  const { ask, dialog } = useDeleteConfirm<T>({ remove, nameOf });
  const close = () => setEditing(null);

  return (
    <Stack gap="sm">
      {intro}
      {canWrite && (
        <Group justify="flex-end">
          <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing({})}>
            {addLabel}
          </Button>
        </Group>
      )}
      <QueryStatus query={query} />
      {rows && (
        <DataTable
          bare
          label={label}
          columns={columns}
          rows={rows}
          rowKey={rowKey}
          minWidth={minWidth}
          actionsWidth={rowActions ? 130 : 100}
          actionsHeader={<VisuallyHidden>{t('links.actions')}</VisuallyHidden>}
          actions={(row) => (
            <Group gap={4} wrap="nowrap">
              {rowActions?.(row)}
              {canWrite && editable(row) && (
                <RowActions name={nameOf(row)} onEdit={() => setEditing({ record: row })} onDelete={() => ask(row)} />
              )}
            </Group>
          )}
        />
      )}
      {rows && footer}
      <Modal opened={editing !== null} onClose={close} title={formTitle(editing?.record)} size="lg">
        {editing && form(editing.record, close)}
      </Modal>
      {children}
      {dialog}
    </Stack>
  );
}
