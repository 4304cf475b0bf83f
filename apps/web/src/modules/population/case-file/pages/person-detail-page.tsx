import { useState } from 'react';
import { Button, Stack, Tabs, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  IconCalendarEvent,
  IconEdit,
  IconFileCertificate,
  IconFiles,
  IconFirstAidKit,
  IconHistory,
  IconId,
  IconLock,
  IconTimeline,
  IconTrash,
  IconUserExclamation,
  IconUsers,
} from '@tabler/icons-react';
import { useNavigate, useParams } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { NO_ACCESS, type PersonAccess } from '@amparo/shared/modules/population.schema';
import type { TFunction } from 'i18next';
import { ApiError } from '../../../../shared/lib/api';
import { applyServerErrors } from '../../../../shared/lib/server-errors';
import { useDeletePerson } from '../../persons/api/mutations';
import { usePerson, usePersonAccess } from '../../persons/api/queries';
import { AccessPanel } from '../../persons/components/access-panel';
import { AttentionsPanel } from '../components/attentions-panel';
import { FileActivities } from '../components/file-activities';
import { FileDocuments } from '../components/file-documents';
import { FileConsents } from '../components/file-consents';
import { FilePeriods } from '../components/file-periods';
import { FilePhoto } from '../components/file-photo';
import { LinksPanel } from '../components/links-panel';
import { PerpetratorsPanel } from '../components/perpetrators-panel';
import { ConfirmDialog } from '../../../../shared/ui/confirm-dialog';
import { HistoryTable } from '../components/history-table';
import { PageHeader } from '../../shared/components/page-header';
import { PersonGeneral } from '../components/person-general';
import { PageLoader } from '../../../../shared/ui/page-state';
import { AdmissionBadge, PersonLoadError } from '../../shared/components/person-status';
import { RequestAccessForm } from '../../persons/components/request-access-form';
import { ButtonLink } from '../../../../shared/ui/router-links/button-link';

/**
 * A refused delete: a person with case-file records (409 `in_use`, one
 * `has_records` field error per kind) says what blocks it.
 */
function deleteErrorMessage(err: unknown, t: TFunction): string {
  if (err instanceof ApiError && err.code === 'in_use') {
    const items = err.fieldErrors
      .filter((e) => e.code === 'has_records')
      .map((e) =>
        t(`population:detail.blockers.${e.field}`, { count: Number(e.params?.count ?? 0), defaultValue: e.field }),
      );
    if (items.length) return t('population:detail.delete_blocked', { items: items.join(', ') });
  }
  return applyServerErrors(err, t);
}

/**
 * Person detail. The per-person flags come first (POST population/access/{id});
 * the record itself is only requested with read access, so a refused user
 * leaves no 'view' in the audit and sees the access request form instead.
 */
export function PersonDetailPage() {
  const { t } = useTranslation('population');
  const { id } = useParams({ from: '/app/population/served/$id' });
  const access = usePersonAccess(id);

  if (access.isPending) return <PageLoader />;
  const flags = access.data ?? NO_ACCESS;
  if (!flags.canRead) {
    return (
      <Stack gap="md">
        <PageHeader title={t('detail.title')} />
        <RequestAccessForm personId={id} />
      </Stack>
    );
  }
  return <PersonDetail id={id} access={flags} />;
}

function PersonDetail({ id, access }: { id: string; access: PersonAccess }) {
  const { t } = useTranslation('population');
  const navigate = useNavigate();
  const person = usePerson(id);
  const remove = useDeletePerson(id);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [tab, setTab] = useState<string | null>('general');

  if (person.isPending) return <PageLoader />;
  if (person.isError)
    return (
      <Stack gap="md">
        <PageHeader title={t('detail.title')} />
        <PersonLoadError error={person.error} />
      </Stack>
    );
  const p = person.data;
  const name = `${p.names} ${p.lastNames}`;

  return (
    <Stack gap="md">
      <PageHeader
        title={name}
        badge={
          <>
            <Text ff="monospace" c="dimmed">
              {p.fileCode}
            </Text>
            <AdmissionBadge person={p} />
          </>
        }
        actions={
          <>
            {access.canWrite && (
              <ButtonLink to="/population/served/edit/$id" params={{ id: id }} leftSection={<IconEdit size={16} />}>
                {t('actions.edit')}
              </ButtonLink>
            )}
            {access.administrator && (
              <Button
                variant="light"
                color="red"
                leftSection={<IconTrash size={16} />}
                onClick={() => setConfirmDelete(true)}
              >
                {t('actions.delete')}
              </Button>
            )}
          </>
        }
      />

      <Tabs value={tab} onChange={setTab} keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="general" leftSection={<IconId size={16} />}>
            {t('detail.tab_general')}
          </Tabs.Tab>
          {access.canRead && (
            <Tabs.Tab value="periods" leftSection={<IconTimeline size={16} />}>
              {t('detail.tab_periods')}
            </Tabs.Tab>
          )}
          {access.canRead && (
            <Tabs.Tab value="consents" leftSection={<IconFileCertificate size={16} />}>
              {t('detail.tab_consents')}
            </Tabs.Tab>
          )}
          {access.canRead && (
            <Tabs.Tab value="links" leftSection={<IconUsers size={16} />}>
              {t('detail.tab_links')}
            </Tabs.Tab>
          )}
          {access.canRead && (
            <Tabs.Tab value="perpetrators" leftSection={<IconUserExclamation size={16} />}>
              {t('detail.tab_perpetrators')}
            </Tabs.Tab>
          )}
          {access.canRead && (
            <Tabs.Tab value="attentions" leftSection={<IconFirstAidKit size={16} />}>
              {t('detail.tab_attentions')}
            </Tabs.Tab>
          )}
          {access.canRead && (
            <Tabs.Tab value="activities" leftSection={<IconCalendarEvent size={16} />}>
              {t('detail.tab_activities')}
            </Tabs.Tab>
          )}
          {access.canRead && (
            <Tabs.Tab value="documents" leftSection={<IconFiles size={16} />}>
              {t('detail.tab_documents')}
            </Tabs.Tab>
          )}
          {access.administrator && (
            <Tabs.Tab value="access" leftSection={<IconLock size={16} />}>
              {t('detail.tab_access')}
            </Tabs.Tab>
          )}
          {access.administrator && (
            <Tabs.Tab value="history" leftSection={<IconHistory size={16} />}>
              {t('detail.tab_history')}
            </Tabs.Tab>
          )}
        </Tabs.List>
        <Tabs.Panel value="general" pt="md">
          <Stack gap="md">
            <FilePhoto personId={id} canWrite={access.canWrite} />
            <PersonGeneral person={p} />
          </Stack>
        </Tabs.Panel>
        {access.canRead && (
          <Tabs.Panel value="periods" pt="md">
            <FilePeriods person={p} canWrite={access.canWrite} />
          </Tabs.Panel>
        )}
        {access.canRead && (
          <Tabs.Panel value="consents" pt="md">
            <FileConsents personId={id} canWrite={access.canWrite} />
          </Tabs.Panel>
        )}
        {/* keepMounted={false}: a tab's data (perpetrators: an audited view) is asked for only when it opens. */}
        {access.canRead && (
          <Tabs.Panel value="links" pt="md">
            <LinksPanel personId={id} canWrite={access.canWrite} />
          </Tabs.Panel>
        )}
        {access.canRead && (
          <Tabs.Panel value="perpetrators" pt="md">
            <PerpetratorsPanel personId={id} canWrite={access.canWrite} />
          </Tabs.Panel>
        )}
        {access.canRead && (
          <Tabs.Panel value="attentions" pt="md">
            <AttentionsPanel personId={id} canWrite={access.canWrite} />
          </Tabs.Panel>
        )}
        {access.canRead && (
          <Tabs.Panel value="activities" pt="md">
            <FileActivities personId={id} />
          </Tabs.Panel>
        )}
        {access.canRead && (
          <Tabs.Panel value="documents" pt="md">
            <FileDocuments personId={id} canWrite={access.canWrite} />
          </Tabs.Panel>
        )}
        {access.administrator && (
          <Tabs.Panel value="access" pt="md">
            <AccessPanel personId={id} />
          </Tabs.Panel>
        )}
        {access.administrator && (
          <Tabs.Panel value="history" pt="md">
            <HistoryTable personId={id} />
          </Tabs.Panel>
        )}
      </Tabs>

      <ConfirmDialog
        opened={confirmDelete}
        title={t('detail.delete_title')}
        message={t('detail.delete_confirm', { name, fileCode: p.fileCode })}
        confirmLabel={t('actions.delete')}
        loading={remove.isPending}
        onClose={() => setConfirmDelete(false)}
        onConfirm={() =>
          remove.mutate(undefined, {
            onSuccess: () => {
              notifications.show({ color: 'teal', message: t('detail.deleted', { fileCode: p.fileCode }) });
              void navigate({ to: '/population/served/list' });
            },
            onError: (err) => notifications.show({ color: 'red', message: deleteErrorMessage(err, t) }),
          })
        }
      />
    </Stack>
  );
}
