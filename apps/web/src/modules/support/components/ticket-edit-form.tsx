import { Button, Group, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { DateInput, DatesProvider } from '@mantine/dates';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import 'dayjs/locale/es';
import { TICKET_SUBJECT_MAX, ticketUpdate, type Ticket, type TicketLevel } from '@amparo/shared/modules/support.schema';
import { useZodForm } from '../../../shared/hooks/use-zod-form';
import { ApiError } from '../../../shared/lib/api';
import { notifyError, notifySuccess } from '../../../shared/lib/notify';
import { applyServerErrors } from '../../../shared/lib/server-errors';
import { useUpdateTicket } from '../api/mutations';
import { supportKeys, useAssignees } from '../api/queries';
import { ClassificationFields } from './classification-fields';

interface EditValues extends Record<string, unknown> {
  subject: string;
  type: string;
  priority: TicketLevel;
  criticality: TicketLevel;
  headquarterId: string;
  assigneeId: string | null;
  estimatedDate: string | null;
  followUpDate: string | null;
  version: number;
}

/**
 * Support staff's edit of a ticket: subject, classification, assignee and dates, with
 * the version loaded (someone else's change in between answers 409 and the
 * ticket is reloaded). The page remounts it on every new version.
 */
export function TicketEditForm({ ticket }: { ticket: Ticket }) {
  const { t, i18n } = useTranslation('support');
  const queryClient = useQueryClient();
  const update = useUpdateTicket(ticket.id);
  const assignees = useAssignees();
  const { form } = useZodForm<EditValues>(ticketUpdate, {
    subject: ticket.subject,
    type: ticket.type,
    priority: ticket.priority,
    criticality: ticket.criticality,
    headquarterId: ticket.headquarterId,
    assigneeId: ticket.assigneeId,
    estimatedDate: ticket.estimatedDate,
    followUpDate: ticket.followUpDate,
    version: ticket.version,
  });
  // The current assignee stays choosable even if they no longer hold soporte_gestion.
  const people = [
    ...(assignees.data ?? []).map((a) => ({ value: a.id, label: a.fullName })),
    ...(ticket.assigneeId && !assignees.data?.some((a) => a.id === ticket.assigneeId)
      ? [{ value: ticket.assigneeId, label: ticket.assigneeName ?? ticket.assigneeId }]
      : []),
  ];

  const submit = form.onSubmit(async (values) => {
    try {
      await update.mutateAsync(values);
      notifySuccess(t('messages.updated'));
    } catch (error) {
      notifyError(applyServerErrors(error, t, form.setErrors));
      if (error instanceof ApiError && error.status === 409)
        void queryClient.invalidateQueries({ queryKey: supportKeys.ticket(ticket.id) });
    }
  });

  return (
    <DatesProvider settings={{ locale: i18n.language.startsWith('en') ? 'en' : 'es', firstDayOfWeek: 0 }}>
      <form onSubmit={submit} noValidate aria-label={t('view.edit')}>
        <Stack>
          <TextInput
            label={t('fields.subject')}
            withAsterisk
            maxLength={TICKET_SUBJECT_MAX}
            {...form.getInputProps('subject')}
          />
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
            <ClassificationFields inputProps={form.getInputProps} />
            <Select
              label={t('fields.assignee')}
              placeholder={t('view.unassigned')}
              clearable
              searchable
              data={people}
              nothingFoundMessage={t('common:status.empty')}
              {...form.getInputProps('assigneeId')}
            />
            <DateInput
              label={t('fields.estimatedDate')}
              valueFormat="YYYY-MM-DD"
              placeholder={t('form.datePlaceholder')}
              clearable
              {...form.getInputProps('estimatedDate')}
            />
            <DateInput
              label={t('fields.followUpDate')}
              valueFormat="YYYY-MM-DD"
              placeholder={t('form.datePlaceholder')}
              clearable
              {...form.getInputProps('followUpDate')}
            />
          </SimpleGrid>
          <Group justify="flex-end">
            <Button type="submit" loading={update.isPending}>
              {t('common:actions.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </DatesProvider>
  );
}
