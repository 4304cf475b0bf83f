import { Alert, Badge, Paper, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import {
  SETTING_DEFINITIONS,
  SETTING_GROUPS,
  settingDefinition,
  type SettingSummary,
} from '@amparo/shared/modules/settings.schema';
import { EMPTY } from '../../../shared/lib/format';
import { DataTable, type DataColumn } from '../../../shared/ui/data-table/data-table';
import { DateText } from '../../../shared/ui/format';
import { PageHeader } from '../../../shared/ui/page-header';
import { PageError } from '../../../shared/ui/page-state';
import { AnchorLink } from '../../../shared/ui/router-links/anchor-link';
import { useSettings } from '../api/queries';
import { SettingHistoryModal } from '../components/setting-history-modal';
import { SettingValueText } from '../components/setting-value-text';

/** The red mark of a key no value is in force for today (the minimum wage until someone enters it). */
function NoCurrent() {
  const { t } = useTranslation('settings');
  return (
    <Badge color="red" variant="filled" size="lg" tt="none" leftSection={<IconAlertTriangle size={14} />}>
      {t('noCurrent')}
    </Badge>
  );
}

/**
 * Configuración › Parámetros legales (issue 25 section 3): every dated setting law or policy sets, by group, with
 * the value in force today, since when, the next scheduled value and the rule's source. A row opens the key's
 * history (`?key=`), where a new value is added from a date and a scheduled one corrected or removed.
 */
export function SettingsPage() {
  const { t } = useTranslation('settings');
  const navigate = useNavigate();
  const { key } = useSearch({ from: '/app/configuration/settings' });
  const settings = useSettings();
  const opened = key ? settingDefinition(key) : undefined;
  const open = (k: string) => void navigate({ to: '/configuration/settings', search: { key: k } });
  const close = () => void navigate({ to: '/configuration/settings', search: {} });
  const missing = settings.data?.filter((s) => !s.current) ?? [];

  const columns: DataColumn<SettingSummary>[] = [
    {
      id: 'name',
      header: t('columns.name'),
      text: (s) => t(`keys.${s.key}`),
      cell: (s) => (
        <AnchorLink to="/configuration/settings" search={{ key: s.key }} size="sm" fw={500}>
          {t(`keys.${s.key}`)}
        </AnchorLink>
      ),
      wrap: true,
      width: '26%',
    },
    {
      id: 'current',
      header: t('columns.current'),
      cell: (s) => (s.current ? <SettingValueText type={s.type} value={s.current.value} /> : <NoCurrent />),
      width: '22%',
    },
    { id: 'since', header: t('columns.since'), cell: (s) => <DateText value={s.current?.validFrom} />, width: 110 },
    {
      id: 'scheduled',
      header: t('columns.scheduled'),
      cell: (s) =>
        s.scheduled ? (
          <Stack gap={2}>
            <SettingValueText type={s.type} value={s.scheduled.value} />
            <Text size="xs" c="dimmed">
              {t('scheduledFrom', { date: s.scheduled.validFrom })}
            </Text>
          </Stack>
        ) : (
          EMPTY
        ),
      width: '20%',
    },
    { id: 'source', header: t('columns.source'), text: (s) => s.source, wrap: true },
  ];

  return (
    <Stack gap="lg">
      <PageHeader title={t('title')} description={t('description')} />
      {settings.isError && <PageError error={settings.error} onRetry={() => void settings.refetch()} />}
      {missing.length > 0 && (
        <Alert color="red" icon={<IconAlertTriangle size={18} />} title={t('missing.title', { count: missing.length })}>
          {t('missing.body', { names: missing.map((s) => t(`keys.${s.key}`)).join(', ') })}
        </Alert>
      )}
      {SETTING_GROUPS.map((group) => (
        <Paper key={group} withBorder p="md">
          <PageHeader order={2} title={t(`groups.${group}`)} />
          <DataTable
            bare
            label={t(`groups.${group}`)}
            columns={columns}
            rows={settings.data?.filter((s) => s.group === group)}
            rowKey={(s) => s.key}
            loadingRows={SETTING_DEFINITIONS.filter((d) => d.group === group).length}
            minWidth={900}
            onRowClick={(s) => open(s.key)}
          />
        </Paper>
      ))}
      {opened && <SettingHistoryModal key={opened.key} definition={opened} onClose={close} />}
    </Stack>
  );
}
