import { useState } from 'react';
import { Alert, Badge, Modal, Paper, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconInfoCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { SettingDefinition, SettingValueRow } from '@amparo/shared/modules/settings.schema';
import { useDeleteConfirm } from '../../../shared/hooks/use-delete-confirm';
import { DataTable, type DataColumn } from '../../../shared/ui/data-table/data-table';
import { DateText } from '../../../shared/ui/format';
import { QueryStatus } from '../../../shared/ui/page-state';
import { RowActions } from '../../../shared/ui/row-actions';
import { useDeleteSettingValue, useSettingHistory } from '../api/queries';
import { SettingValueForm } from './setting-value-form';
import { SettingValueText } from './setting-value-text';

const STATE_COLORS: Record<SettingValueRow['state'], string> = { past: 'gray', current: 'teal', scheduled: 'blue' };

/** A value's state: past (replaced by a later one), in force today, or scheduled from a later date. */
export function StateBadge({ state }: { state: SettingValueRow['state'] }) {
  const { t } = useTranslation('settings');
  return (
    <Badge color={STATE_COLORS[state]} variant="light" tt="none">
      {t(`states.${state}`)}
    </Badge>
  );
}

interface SettingHistoryModalProps {
  definition: SettingDefinition;
  onClose: () => void;
}

/**
 * One setting opened (issue 25 section 3): its rule and type, every value newest first with its state, source,
 * note, author and date, and the form that adds a value from a date. Only a scheduled value is corrected or
 * removed; one in force or past is what computations used and stays as it was.
 */
export function SettingHistoryModal({ definition, onClose }: SettingHistoryModalProps) {
  const { t } = useTranslation('settings');
  const { key, type } = definition;
  const label = t(`keys.${key}`);
  const history = useSettingHistory(key);
  const remove = useDeleteSettingValue(key);
  const [editing, setEditing] = useState<SettingValueRow | null>(null);
  // A new form after each save, reload or cancel: it starts from the stored values.
  const [formKey, setFormKey] = useState(0);
  const freshForm = (row: SettingValueRow | null) => {
    setEditing(row);
    setFormKey((k) => k + 1);
  };
  const values = history.data?.values;
  const latest = values?.at(-1) ?? null;
  const nameOf = (v: SettingValueRow) => t('history.valueName', { name: label, date: v.validFrom });
  const confirm = useDeleteConfirm<SettingValueRow>({
    remove: async (v) => {
      await remove.mutateAsync(v.id);
      if (editing?.id === v.id) freshForm(null);
    },
    nameOf,
  });
  const reload = async () => {
    const fresh = await history.refetch();
    const row = fresh.data?.values.find((v) => v.id === editing?.id && v.state === 'scheduled');
    freshForm(row ?? null);
  };

  const columns: DataColumn<SettingValueRow>[] = [
    {
      id: 'validFrom',
      header: t('history.fields.validFrom'),
      cell: (v) => <DateText value={v.validFrom} />,
      width: 110,
    },
    {
      id: 'value',
      header: t('history.fields.value'),
      cell: (v) => <SettingValueText type={type} value={v.value} />,
      width: 280,
    },
    { id: 'state', header: t('history.fields.state'), cell: (v) => <StateBadge state={v.state} />, width: 120 },
    { id: 'source', header: t('history.fields.source'), text: (v) => v.source, wrap: true },
    { id: 'note', header: t('history.fields.note'), text: (v) => v.note, wrap: true },
    {
      id: 'createdBy',
      header: t('history.fields.createdBy'),
      text: (v) => v.createdByName ?? t('history.seeded'),
      wrap: true,
      width: 140,
    },
    {
      id: 'createdAt',
      header: t('history.fields.createdAt'),
      cell: (v) => <DateText value={v.createdAt} withTime />,
      width: 150,
    },
  ];

  return (
    <Modal opened onClose={onClose} title={label} size="75rem">
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {t('history.about', { group: t(`groups.${definition.group}`), type: t(`types.${type}`) })}
          <br />
          {t('history.rule', { source: definition.source })}
        </Text>
        {history.data && !history.data.current && (
          <Alert color="red" variant="filled" icon={<IconAlertTriangle size={18} />} title={t('noCurrent')}>
            {t('noCurrentHelp')}
          </Alert>
        )}
        <QueryStatus query={history} />
        <Title order={3} size="h4">
          {t('history.title')}
        </Title>
        <DataTable
          label={t('history.label', { name: label })}
          columns={columns}
          rows={values ? [...values].reverse() : undefined}
          rowKey={(v) => v.id}
          loadingRows={2}
          minWidth={900}
          actionsWidth={90}
          actions={(v) =>
            v.state === 'scheduled' ? (
              <RowActions name={nameOf(v)} onEdit={() => freshForm(v)} onDelete={() => confirm.ask(v)} />
            ) : null
          }
        />
        <Paper withBorder p="md">
          <Title order={3} size="h4" mb="xs">
            {editing ? t('form.editTitle', { date: editing.validFrom }) : t('form.addTitle')}
          </Title>
          <Alert color="blue" variant="light" icon={<IconInfoCircle size={18} />} mb="md">
            {t('form.immutable')}
          </Alert>
          {history.data && (
            <SettingValueForm
              key={formKey}
              definition={definition}
              editing={editing}
              latest={latest}
              onSaved={() => freshForm(null)}
              onCancel={() => freshForm(null)}
              onRefresh={() => void history.refetch()}
              onReload={reload}
            />
          )}
        </Paper>
        {confirm.dialog}
      </Stack>
    </Modal>
  );
}
