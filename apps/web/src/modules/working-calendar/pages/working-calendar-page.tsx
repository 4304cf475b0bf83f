import { useState } from 'react';
import { Button, Group, Paper, Select, Stack, TextInput } from '@mantine/core';
import { DateInput, DatesProvider } from '@mantine/dates';
import { IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { workingHolidayInput, type WorkingHoliday } from '@amparo/shared/modules/working-calendar.schema';
import { todayInGuatemala } from '@amparo/shared/format';
import { useCatalog } from '../../../shared/hooks/use-catalog';
import { useDeleteConfirm } from '../../../shared/hooks/use-delete-confirm';
import { useZodForm } from '../../../shared/hooks/use-zod-form';
import { notifySuccess } from '../../../shared/lib/notify';
import { DataTable, type DataColumn } from '../../../shared/ui/data-table/data-table';
import { PageHeader } from '../../../shared/ui/page-header';
import { PageError } from '../../../shared/ui/page-state';
import { RowActions } from '../../../shared/ui/row-actions';
import { TimeField } from '../../../shared/ui/time-field';
import { useAddHoliday, useRemoveHoliday, useWorkingCalendar } from '../api/queries';

type PublicHoliday = { date: string; name: string; nameEn: string; fromTime: string | null };
type Values = z.input<typeof workingHolidayInput>;
const EMPTY: Values = { date: '', name: '', fromTime: null, headquarterId: null };

/**
 * Configuración › Calendario laboral (issue 12): the days service targets do not count. Guatemala's public
 * holidays come with the product; the charity adds its own, for every headquarter or one (its fiesta titular).
 */
export function WorkingCalendarPage() {
  const { t, i18n } = useTranslation('working-calendar');
  const thisYear = Number(todayInGuatemala().slice(0, 4));
  const [year, setYear] = useState(thisYear);
  const calendar = useWorkingCalendar(year);
  const headquarters = useCatalog('headquarter');
  const add = useAddHoliday();
  const remove = useRemoveHoliday();
  const { form, submitWith } = useZodForm(workingHolidayInput, EMPTY);
  const submit = submitWith(async (values) => {
    await add.mutateAsync(values);
    notifySuccess(t('messages.added'));
    form.setValues(EMPTY);
    form.resetDirty();
  });
  const confirm = useDeleteConfirm<WorkingHoliday>({
    remove: (h) => remove.mutateAsync(h.id),
    nameOf: (h) => `${h.date} ${h.name}`,
  });
  const fromLabel = (from: string | null) => (from ? t('fromTime', { time: from }) : t('wholeDay'));

  const publicColumns: DataColumn<PublicHoliday>[] = [
    { id: 'date', header: t('fields.date'), text: (h) => h.date, width: 130 },
    // The name in the page's language (date-holidays gives both).
    {
      id: 'name',
      header: t('fields.name'),
      text: (h) => (i18n.language.startsWith('en') ? h.nameEn : h.name),
      truncate: true,
    },
    { id: 'from', header: t('fields.closes'), text: (h) => fromLabel(h.fromTime), width: 200 },
  ];
  const ownColumns: DataColumn<WorkingHoliday>[] = [
    { id: 'date', header: t('fields.date'), text: (h) => h.date, width: 130 },
    { id: 'name', header: t('fields.name'), text: (h) => h.name, truncate: true },
    { id: 'from', header: t('fields.closes'), text: (h) => fromLabel(h.fromTime), width: 200 },
    {
      id: 'headquarter',
      header: t('fields.headquarter'),
      text: (h) => h.headquarterName ?? t('allHeadquarters'),
      truncate: true,
    },
  ];
  const years = [thisYear - 1, thisYear, thisYear + 1, thisYear + 2].map(String);

  return (
    <DatesProvider settings={{ locale: i18n.language.startsWith('en') ? 'en' : 'es', firstDayOfWeek: 0 }}>
      <Stack gap="lg">
        <PageHeader
          title={t('title')}
          description={t('description')}
          actions={
            <Select
              label={t('year')}
              data={years}
              value={String(year)}
              allowDeselect={false}
              onChange={(v) => v && setYear(Number(v))}
              w={120}
            />
          }
        />
        {calendar.isError && <PageError error={calendar.error} onRetry={() => void calendar.refetch()} />}
        <Paper withBorder p="md">
          <PageHeader order={2} title={t('own.title')} description={t('own.help')} />
          <form onSubmit={submit} noValidate aria-label={t('own.add')}>
            <Group align="flex-start" wrap="wrap" mb="md">
              <DateInput
                label={t('fields.date')}
                valueFormat="YYYY-MM-DD"
                withAsterisk
                w={170}
                {...form.getInputProps('date')}
              />
              <TextInput label={t('fields.name')} withAsterisk w={260} {...form.getInputProps('name')} />
              <TimeField
                label={t('fields.fromTime')}
                description={t('fromTimeHelp')}
                inputWrapperOrder={['label', 'input', 'description', 'error']}
                clearable
                w={150}
                {...form.getInputProps('fromTime')}
                value={form.values.fromTime ?? ''}
                onChange={(v) => form.setFieldValue('fromTime', v || null)}
              />
              <Select
                label={t('fields.headquarter')}
                placeholder={t('allHeadquarters')}
                data={headquarters.data}
                clearable
                w={220}
                {...form.getInputProps('headquarterId')}
              />
              <Button type="submit" mt={25} leftSection={<IconPlus size={16} />} loading={add.isPending}>
                {t('own.add')}
              </Button>
            </Group>
          </form>
          <DataTable
            bare
            label={t('own.title')}
            columns={ownColumns}
            rows={calendar.data?.holidays}
            rowKey={(h) => h.id}
            minWidth={700}
            actions={(h) => <RowActions name={`${h.date} ${h.name}`} onDelete={() => confirm.ask(h)} />}
            actionsWidth={70}
          />
        </Paper>
        <Paper withBorder p="md">
          <PageHeader order={2} title={t('public.title', { year })} description={t('public.help')} />
          <DataTable
            bare
            label={t('public.title', { year })}
            columns={publicColumns}
            rows={calendar.data?.publicHolidays}
            rowKey={(h) => h.date}
            minWidth={600}
          />
        </Paper>
        {confirm.dialog}
      </Stack>
    </DatesProvider>
  );
}
