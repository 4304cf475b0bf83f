import { Alert, Stack, Text } from '@mantine/core';
import { IconEyeCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { EMPTY } from '../../../../shared/lib/format';
import { type DataColumn } from '../../../../shared/ui/data-table/data-table';
import { useDeletePerpetrator } from '../../persons/api/mutations';
import { usePerpetrators, type Perpetrator } from '../../persons/api/queries';
import { CatalogBadges, CatalogText } from '../../shared/components/catalog-text';
import { RecordPanel } from '../../shared/components/record-panel';
import { PerpetratorForm } from './perpetrator-form';

const displayName = (p: Perpetrator) => p.names ?? p.alias ?? EMPTY;

/**
 * 'Alleged perpetrators' tab. Mounted only while the tab is open, so the list
 * (each GET audited as a view) is asked for only when the user opens it.
 */
export function PerpetratorsPanel({ personId, canWrite }: { personId: string; canWrite: boolean }) {
  const { t } = useTranslation('population');
  const perpetrators = usePerpetrators(personId);
  const remove = useDeletePerpetrator(personId);
  const columns: DataColumn<Perpetrator>[] = [
    {
      id: 'name',
      header: t('perpetrators.names_alias'),
      cell: (p) => (
        <>
          {p.names && <Text size="sm">{p.names}</Text>}
          {p.alias && (
            <Text size={p.names ? 'xs' : 'sm'} c={p.names ? 'dimmed' : undefined}>
              {t('perpetrators.alias_value', { alias: p.alias })}
            </Text>
          )}
        </>
      ),
      wrap: true,
    },
    { id: 'sex', header: t('fields.sex'), cell: (p) => <CatalogText catalog="sex" code={p.sex} />, width: 110 },
    { id: 'approximateAge', header: t('perpetrators.approximateAge'), text: (p) => p.approximateAge, width: 110 },
    { id: 'bond', header: t('perpetrators.bond'), cell: (p) => <CatalogText catalog="bond" code={p.bond} /> },
    {
      id: 'thematic',
      header: t('perpetrators.thematic'),
      cell: (p) => <CatalogBadges catalog="thematic" codes={p.thematic} />,
    },
    {
      id: 'report',
      header: t('perpetrators.report'),
      cell: (p) =>
        p.reported ? (
          <Stack gap={2}>
            <CatalogBadges catalog="report_institution" codes={p.reportedTo} />
            {p.caseNumber && <Text size="xs">{t('perpetrators.case_value', { caseNumber: p.caseNumber })}</Text>}
          </Stack>
        ) : (
          <Text size="sm" c="dimmed">
            {t('perpetrators.not_reported')}
          </Text>
        ),
    },
    { id: 'notes', header: t('perpetrators.notes'), text: (p) => p.notes, wrap: true },
  ];

  return (
    <RecordPanel
      query={perpetrators}
      rows={perpetrators.data}
      columns={columns}
      rowKey={(p) => p.id}
      label={t('detail.tab_perpetrators')}
      intro={
        <Alert color="grape" variant="light" icon={<IconEyeCheck size={18} />} title={t('perpetrators.privacy_title')}>
          {t('perpetrators.privacy')}
        </Alert>
      }
      canWrite={canWrite}
      addLabel={t('perpetrators.add')}
      formTitle={(p) => (p ? t('perpetrators.edit_title') : t('perpetrators.add_title'))}
      form={(p, onDone) => <PerpetratorForm key={p?.id ?? 'new'} personId={personId} perpetrator={p} onDone={onDone} />}
      nameOf={displayName}
      remove={(p) => remove.mutateAsync(p.id)}
    />
  );
}
