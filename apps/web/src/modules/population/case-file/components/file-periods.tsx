import { useState } from 'react';
import { Badge, Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { DateInput, DatesProvider } from '@mantine/dates';
import { IconDoorEnter } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { QueryStatus } from '../../../../shared/ui/page-state';
import { todayInGuatemala } from '@amparo/shared/format';
import { readmissionInput } from '@amparo/shared/modules/population-file.schema';
import type { Person } from '@amparo/shared/modules/population.schema';
import { useZodForm } from '../../../../shared/hooks/use-zod-form';
import { formatDate } from '../../../../shared/lib/format';
import { notifySuccess } from '../../../../shared/lib/notify';
import { useReadmit } from '../../persons/api/mutations';
import { populationKeys, usePeriods, type Period } from '../../persons/api/queries';
import { isVersionConflict } from '../../shared/lib/case-file-utils';
import { CatalogSelect } from '../../shared/components/catalog-select';
import { CatalogText } from '../../shared/components/catalog-text';
import { ConflictAlert } from '../../shared/components/conflict-alert';
import { hasDeparted } from '../../shared/components/person-status';
import { DataTable, type DataColumn } from '../../../../shared/ui/data-table/data-table';

/** Badges keep their whole word in narrow cells. */
const NO_SHRINK = { minWidth: 'max-content' } as const;

/** Departed: a departure date that has come (the server refuses a re-admission before it). */

/**
 * 'Periods' tab: every admission period, oldest first, the current one
 * marked. With write access, a departed person can be re-admitted: the
 * closed period is kept and a new one opens.
 */
export function FilePeriods({ person, canWrite }: { person: Person; canWrite: boolean }) {
  const { t } = useTranslation('population');
  const periods = usePeriods(person.id);
  const [readmitting, setReadmitting] = useState(false);
  const departed = hasDeparted(person);
  const columns: DataColumn<Period>[] = [
    { id: 'admissionDate', header: t('fields.admissionDate'), text: (p) => formatDate(p.admissionDate), strong: true },
    { id: 'admissionReason', header: t('fields.admissionReason'), text: (p) => p.admissionReason, wrap: true },
    { id: 'referrer', header: t('fields.referrer'), cell: (p) => <CatalogText catalog="referrer" code={p.referrer} /> },
    { id: 'departureDate', header: t('fields.departureDate'), text: (p) => formatDate(p.departureDate) },
    {
      id: 'departureReason',
      header: t('fields.departureReason'),
      cell: (p) => <CatalogText catalog="departure_reason_person" code={p.departureReason} />,
    },
    { id: 'departureNote', header: t('fields.departureNote'), text: (p) => p.departureNote, wrap: true },
    {
      id: 'state',
      header: t('periods.state'),
      cell: (p) =>
        p.current ? (
          <Badge color="teal" variant="light" style={NO_SHRINK}>
            {t('periods.current')}
          </Badge>
        ) : (
          <Badge color="gray" variant="light" style={NO_SHRINK}>
            {t('periods.closed')}
          </Badge>
        ),
      width: 120,
    },
  ];

  return (
    <Stack gap="sm">
      <Group justify="space-between" align="flex-start" wrap="wrap">
        <Text size="sm" c="dimmed" maw={720}>
          {t('periods.help')}
        </Text>
        {canWrite && departed && (
          <Button leftSection={<IconDoorEnter size={16} />} onClick={() => setReadmitting(true)}>
            {t('periods.readmit')}
          </Button>
        )}
      </Group>

      <QueryStatus query={periods} />
      {periods.data && (
        <DataTable
          bare
          label={t('detail.tab_periods')}
          columns={columns}
          rows={periods.data}
          rowKey={(p) => `${p.admissionDate}-${p.departureDate ?? 'open'}`}
          minWidth={900}
        />
      )}

      <Modal opened={readmitting} onClose={() => setReadmitting(false)} title={t('periods.readmit_title')} size="lg">
        {readmitting && <ReadmissionForm person={person} onDone={() => setReadmitting(false)} />}
      </Modal>
    </Stack>
  );
}

interface ReadmissionValues extends Record<string, unknown> {
  admissionDate: string | null;
  admissionReason: string;
  referrer: string | null;
  version: number;
}

/** Re-admission: a new admission date (not before the departure), reason and referrer, sent with the person's `version`. */
function ReadmissionForm({ person, onDone }: { person: Person; onDone: () => void }) {
  const { t, i18n } = useTranslation('population');
  const qc = useQueryClient();
  const readmit = useReadmit(person.id);
  const [conflict, setConflict] = useState(false);
  const { form, submitWith } = useZodForm<ReadmissionValues>(readmissionInput, {
    admissionDate: todayInGuatemala(),
    admissionReason: '',
    referrer: null,
    version: person.version,
  });

  const submit = submitWith(async (values) => {
    try {
      await readmit.mutateAsync(readmissionInput.parse(values));
    } catch (error) {
      if (!isVersionConflict(error)) throw error;
      setConflict(true);
      return;
    }
    notifySuccess(t('periods.readmitted'));
    onDone();
  });

  const reload = () => {
    void qc.invalidateQueries({ queryKey: populationKeys.person(person.id) });
    void qc.invalidateQueries({ queryKey: populationKeys.periods(person.id) });
    onDone();
  };

  return (
    <DatesProvider settings={{ locale: i18n.language.startsWith('en') ? 'en' : 'es', firstDayOfWeek: 0 }}>
      <form onSubmit={submit} noValidate aria-label={t('periods.readmit_title')}>
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            {t('periods.readmit_help', { date: formatDate(person.departureDate) })}
          </Text>
          <DateInput
            label={t('fields.admissionDate')}
            withAsterisk
            valueFormat="YYYY-MM-DD"
            placeholder={t('common.date_placeholder')}
            minDate={person.departureDate ?? undefined}
            maxDate={todayInGuatemala()}
            maw={280}
            {...form.getInputProps('admissionDate')}
          />
          <CatalogSelect catalog="referrer" label={t('fields.referrer')} {...form.getInputProps('referrer')} />
          <Textarea
            label={t('fields.admissionReason')}
            autosize
            minRows={2}
            maxRows={8}
            maxLength={1000}
            {...form.getInputProps('admissionReason')}
          />
          {conflict && <ConflictAlert onReload={reload} />}
          <Group justify="flex-end">
            <Button variant="default" onClick={onDone} disabled={readmit.isPending}>
              {t('actions.cancel')}
            </Button>
            <Button type="submit" loading={readmit.isPending} disabled={conflict}>
              {t('periods.readmit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </DatesProvider>
  );
}
