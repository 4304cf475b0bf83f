import { Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { FailedJobItem } from '@amparo/shared/modules/security-log.schema';
import { DataTable, type DataColumn } from '../../../shared/ui/data-table/data-table';
import { DateText } from '../../../shared/ui/format';
import { PageHeader } from '../../../shared/ui/page-header';
import { PageError } from '../../../shared/ui/page-state';
import { useFailedJobs } from '../api/queries';

/**
 * Background work that failed for good (issue 12): a mail the SMTP server kept refusing, a notification mail
 * that could not be written. The queue's name, the attempts and the last error; never the job's data.
 */
export function FailedJobs() {
  const { t } = useTranslation('security-log');
  const jobs = useFailedJobs();
  const columns: DataColumn<FailedJobItem>[] = [
    {
      id: 'completedOn',
      header: t('jobs.fields.failedAt'),
      cell: (j) => <DateText value={j.completedOn ?? j.createdOn} withTime />,
      width: 170,
    },
    {
      id: 'name',
      header: t('jobs.fields.name'),
      text: (j) => t(`jobs.names.${j.name.replace('.', '_')}`, { defaultValue: j.name }),
      wrap: true,
    },
    { id: 'attempts', header: t('jobs.fields.attempts'), text: (j) => j.attempts, width: 100, align: 'right' },
    { id: 'error', header: t('jobs.fields.error'), text: (j) => j.error, wrap: true },
  ];
  return (
    <Stack gap="xs">
      <PageHeader order={2} title={t('jobs.title')} description={t('jobs.help')} />
      {jobs.isError ? (
        <PageError error={jobs.error} onRetry={() => void jobs.refetch()} />
      ) : (
        <DataTable
          label={t('jobs.title')}
          columns={columns}
          rows={jobs.data?.items}
          rowKey={(j) => j.id}
          minWidth={700}
          empty={
            <Text c="dimmed" ta="center" py="md">
              {t('jobs.empty')}
            </Text>
          }
        />
      )}
    </Stack>
  );
}
