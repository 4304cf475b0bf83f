import { useState } from 'react';
import { Button, Group, Paper, SimpleGrid, Stack, TextInput, Textarea } from '@mantine/core';
import { useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { TICKET_SUBJECT_MAX, ticketInput, type TicketLevel } from '@amparo/shared/modules/support.schema';
import { useZodForm } from '../../../shared/hooks/use-zod-form';
import { notifyError, notifySuccess } from '../../../shared/lib/notify';
import { applyServerErrors } from '../../../shared/lib/server-errors';
import { PageHeader } from '../../../shared/ui/page-header';
import { ButtonLink } from '../../../shared/ui/router-links/button-link';
import { useCreateTicket, useTicketChanged } from '../api/mutations';
import { uploadTicketFile } from '../api/upload';
import { AttachmentInput } from '../components/attachment-input';
import { ClassificationFields } from '../components/classification-fields';

interface TicketValues extends Record<string, unknown> {
  type: string;
  priority: TicketLevel;
  criticality: TicketLevel;
  headquarterId: string;
  subject: string;
  description: string;
}

/**
 * Soporte › Nuevo ticket: the requester's report (a description is required)
 * and an optional screenshot or PDF, sent right after the ticket is created;
 * then the ticket's page.
 */
export function TicketAddPage() {
  const { t } = useTranslation('support');
  const navigate = useNavigate();
  const create = useCreateTicket();
  const changed = useTicketChanged();
  const [file, setFile] = useState<File | null>(null);
  const [uploading, setUploading] = useState(false);
  const { form, submitWith } = useZodForm<TicketValues>(ticketInput, {
    type: '',
    priority: 'media',
    criticality: 'media',
    headquarterId: '',
    subject: '',
    description: '',
  });

  const submit = submitWith(async (values) => {
    const ticket = await create.mutateAsync(values);
    notifySuccess(t('messages.created', { number: ticket.number }));
    if (file) {
      setUploading(true);
      try {
        await changed(await uploadTicketFile(ticket.id, file, false, () => undefined));
      } catch (error) {
        // The ticket exists: say what failed and open it, where the file can be attached again.
        notifyError(t('messages.attachmentFailed', { reason: applyServerErrors(error, t) }));
      } finally {
        setUploading(false);
      }
    }
    await navigate({ to: '/support/tickets/$id', params: { id: ticket.id } });
  });

  return (
    <>
      <PageHeader title={t('addTitle')} description={t('form.intro')} />
      <form onSubmit={submit} noValidate aria-label={t('addTitle')}>
        <Stack>
          <Paper withBorder p="lg">
            <Stack>
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                <ClassificationFields inputProps={form.getInputProps} withHints />
              </SimpleGrid>
              <TextInput
                label={t('fields.subject')}
                description={t('form.subjectHint')}
                withAsterisk
                maxLength={TICKET_SUBJECT_MAX}
                {...form.getInputProps('subject')}
              />
              <Textarea
                label={t('fields.description')}
                description={t('form.descriptionHint')}
                withAsterisk
                autosize
                minRows={4}
                maxRows={14}
                maxLength={5000}
                {...form.getInputProps('description')}
              />
              <AttachmentInput label={t('fields.attachment')} value={file} onChange={setFile} />
            </Stack>
          </Paper>
          <Group justify="flex-end">
            <ButtonLink to="/support/tickets/list" variant="default">
              {t('common:actions.cancel')}
            </ButtonLink>
            <Button type="submit" loading={create.isPending || uploading}>
              {t('actions.send')}
            </Button>
          </Group>
        </Stack>
      </form>
    </>
  );
}
