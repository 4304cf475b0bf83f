import { Badge, Button, Checkbox, Group, Paper, Stack, Text, Textarea } from '@mantine/core';
import { IconLock, IconSend } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ticketCommentInput, type Ticket } from '@amparo/shared/modules/support.schema';
import { useZodForm } from '../../../shared/hooks/use-zod-form';
import { formatDateTime } from '../../../shared/lib/format';
import { notifySuccess } from '../../../shared/lib/notify';
import { useCommentTicket } from '../api/mutations';

interface CommentValues extends Record<string, unknown> {
  body: string;
  internal: boolean;
}

/**
 * The ticket's conversation, oldest first. Internal comments (support staff
 * only; the server sends them to nobody else) are marked 'Interno'. A closed
 * ticket takes no comment.
 */
export function TicketComments({ ticket, closed }: { ticket: Ticket; closed: boolean }) {
  const { t } = useTranslation('support');
  const comment = useCommentTicket(ticket.id);
  const { form, submitWith } = useZodForm<CommentValues>(ticketCommentInput, { body: '', internal: false });
  const comments = [...ticket.comments].sort((a, b) => a.createdAt.localeCompare(b.createdAt));
  const submit = submitWith(async (values) => {
    await comment.mutateAsync({ body: values.body, internal: ticket.canManage && values.internal });
    notifySuccess(t('messages.commented'));
    form.reset();
  });

  return (
    <Stack gap="md">
      {comments.length === 0 ? (
        <Text c="dimmed" size="sm">
          {t('view.noComments')}
        </Text>
      ) : (
        <Stack component="ol" gap="sm" p={0} m={0} style={{ listStyle: 'none' }} aria-label={t('view.comments')}>
          {comments.map((c) => (
            <Paper
              component="li"
              key={c.id}
              withBorder
              p="sm"
              style={c.internal ? { borderLeft: '4px solid var(--mantine-color-yellow-filled)' } : undefined}
              data-testid={c.internal ? 'comment-internal' : 'comment'}
            >
              <Group justify="space-between" gap="xs" mb={4} wrap="wrap">
                <Group gap="xs">
                  <Text size="sm" fw={600}>
                    {c.authorName ?? t('view.formerUser')}
                  </Text>
                  {c.internal && (
                    <Badge color="yellow" variant="filled" size="sm" tt="none" leftSection={<IconLock size={12} />}>
                      {t('view.internal')}
                    </Badge>
                  )}
                </Group>
                <Text size="xs" c="dimmed">
                  {formatDateTime(c.createdAt)}
                </Text>
              </Group>
              <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                {c.body}
              </Text>
            </Paper>
          ))}
        </Stack>
      )}
      {closed ? (
        <Text size="sm" c="dimmed">
          {t('view.closedNote')}
        </Text>
      ) : (
        <form onSubmit={submit} noValidate aria-label={t('view.newComment')}>
          <Stack gap="sm">
            <Textarea
              label={t('view.newComment')}
              withAsterisk
              autosize
              minRows={3}
              maxRows={10}
              maxLength={5000}
              {...form.getInputProps('body')}
            />
            <Group justify="space-between" wrap="wrap">
              {ticket.canManage ? (
                <Checkbox
                  label={t('view.internalCheckbox')}
                  {...form.getInputProps('internal', { type: 'checkbox' })}
                />
              ) : (
                <span />
              )}
              <Button type="submit" loading={comment.isPending} leftSection={<IconSend size={16} />}>
                {t('actions.sendComment')}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Stack>
  );
}
