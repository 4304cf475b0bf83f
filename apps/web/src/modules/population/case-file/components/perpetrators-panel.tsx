import { useState } from 'react';
import { Alert, Button, Group, Modal, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { IconEyeCheck, IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { QueryStatus } from '../../../../shared/ui/page-state';
import { useDeleteConfirm } from '../../../../shared/hooks/use-delete-confirm';
import { EMPTY } from '../../../../shared/lib/format';
import { EmptyRow } from '../../../../shared/ui/empty-row';
import { RowActions } from '../../../../shared/ui/row-actions';
import { useDeletePerpetrator } from '../../persons/api/mutations';
import { usePerpetrators, type Perpetrator } from '../../persons/api/queries';
import { CatalogBadges, CatalogText } from '../../shared/components/catalog-text';
import { PerpetratorForm } from './perpetrator-form';

const COLUMNS = 8;

const displayName = (p: Perpetrator) => p.names ?? p.alias ?? EMPTY;

/**
 * 'Alleged perpetrators' tab. Mounted only while the tab is open, so the list
 * (each GET audited as a view) is asked for only when the user opens it.
 */
export function PerpetratorsPanel({ personId, canWrite }: { personId: string; canWrite: boolean }) {
  const { t } = useTranslation('population');
  const perpetrators = usePerpetrators(personId);
  const remove = useDeletePerpetrator(personId);
  const [editing, setEditing] = useState<{ perpetrator?: Perpetrator } | null>(null);
  const { ask, dialog } = useDeleteConfirm<Perpetrator>({
    remove: (p) => remove.mutateAsync(p.id),
    nameOf: displayName,
  });

  return (
    <Stack gap="sm">
      <Alert color="grape" variant="light" icon={<IconEyeCheck size={18} />} title={t('perpetrators.privacy_title')}>
        {t('perpetrators.privacy')}
      </Alert>
      {canWrite && (
        <Group justify="flex-end">
          <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing({})}>
            {t('perpetrators.add')}
          </Button>
        </Group>
      )}

      <QueryStatus query={perpetrators} />
      {perpetrators.data && (
        <Table.ScrollContainer minWidth={960}>
          <Table verticalSpacing="xs" striped aria-label={t('detail.tab_perpetrators')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('perpetrators.names_alias')}</Table.Th>
                <Table.Th>{t('fields.sex')}</Table.Th>
                <Table.Th>{t('perpetrators.approximateAge')}</Table.Th>
                <Table.Th>{t('perpetrators.bond')}</Table.Th>
                <Table.Th>{t('perpetrators.thematic')}</Table.Th>
                <Table.Th>{t('perpetrators.report')}</Table.Th>
                <Table.Th>{t('perpetrators.notes')}</Table.Th>
                <Table.Th>
                  <VisuallyHidden>{t('links.actions')}</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {perpetrators.data.length === 0 && <EmptyRow colSpan={COLUMNS} />}
              {perpetrators.data.map((p) => (
                <Table.Tr key={p.id}>
                  <Table.Td>
                    {p.names && <Text size="sm">{p.names}</Text>}
                    {p.alias && (
                      <Text size={p.names ? 'xs' : 'sm'} c={p.names ? 'dimmed' : undefined}>
                        {t('perpetrators.alias_value', { alias: p.alias })}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>
                    <CatalogText catalog="sex" code={p.sex} />
                  </Table.Td>
                  <Table.Td>{p.approximateAge ?? EMPTY}</Table.Td>
                  <Table.Td>
                    <CatalogText catalog="bond" code={p.bond} />
                  </Table.Td>
                  <Table.Td>
                    <CatalogBadges catalog="thematic" codes={p.thematic} />
                  </Table.Td>
                  <Table.Td>
                    {p.reported ? (
                      <Stack gap={2}>
                        <CatalogBadges catalog="report_institution" codes={p.reportedTo} />
                        {p.caseNumber && (
                          <Text size="xs">{t('perpetrators.case_value', { caseNumber: p.caseNumber })}</Text>
                        )}
                      </Stack>
                    ) : (
                      <Text size="sm" c="dimmed">
                        {t('perpetrators.not_reported')}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', maxWidth: 280 }}>
                    {p.notes ?? EMPTY}
                  </Table.Td>
                  <Table.Td>
                    {canWrite && (
                      <RowActions
                        name={displayName(p)}
                        onEdit={() => setEditing({ perpetrator: p })}
                        onDelete={() => ask(p)}
                      />
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}

      <Modal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={editing?.perpetrator ? t('perpetrators.edit_title') : t('perpetrators.add_title')}
        size="lg"
      >
        {editing && (
          <PerpetratorForm
            key={editing.perpetrator?.id ?? 'new'}
            personId={personId}
            perpetrator={editing.perpetrator}
            onDone={() => setEditing(null)}
          />
        )}
      </Modal>
      {dialog}
    </Stack>
  );
}
