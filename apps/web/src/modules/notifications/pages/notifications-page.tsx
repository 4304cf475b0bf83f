import { useState } from 'react';
import { Button, Group, Paper, SegmentedControl, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconChecks } from '@tabler/icons-react';
import { useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import type { NotificationItem } from '@amparo/shared/modules/notifications.schema';
import { formatDateTime } from '../../../shared/lib/format';
import { applyServerErrors } from '../../../shared/lib/server-errors';
import { notifyError } from '../../../shared/lib/notify';
import { PageHeader } from '../../../shared/ui/page-header';
import { PageError, PageLoader } from '../../../shared/ui/page-state';
import { TablePagination } from '../../../shared/ui/table-pagination';
import { useMarkRead, useNotifications } from '../api/queries';
import { EmailPreferences } from '../components/email-preferences';
import classes from './notifications-page.module.css';

/** One notification: what happened (translated by kind), when; unread ones stand out; a click opens its record. */
function Row({ item, onOpen }: { item: NotificationItem; onOpen: (item: NotificationItem) => void }) {
  const { t } = useTranslation('notifications');
  return (
    <UnstyledButton
      className={classes.row}
      data-unread={item.readAt === null || undefined}
      onClick={() => onOpen(item)}
      aria-label={`${t(`kinds.${item.kind}`, item.params)}${item.readAt === null ? `, ${t('unreadMark')}` : ''}`}
    >
      <Group justify="space-between" wrap="nowrap" gap="md">
        <Text size="sm" fw={item.readAt === null ? 600 : 400}>
          {t(`kinds.${item.kind}`, item.params)}
        </Text>
        <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
          {formatDateTime(item.createdAt)}
        </Text>
      </Group>
    </UnstyledButton>
  );
}

/** The signed-in user's notifications (issue 12): unread or all, newest first; e-mail choices below. */
export function NotificationsPage() {
  const { t } = useTranslation('notifications');
  const navigate = useNavigate();
  const [unreadOnly, setUnreadOnly] = useState(true);
  const [page, setPage] = useState(1);
  const list = useNotifications(page, unreadOnly);
  const markRead = useMarkRead();

  const open = (item: NotificationItem) => {
    const go = () => void navigate({ href: item.link });
    if (item.readAt !== null) return go();
    markRead.mutate(item.id, { onSuccess: go, onError: (e) => notifyError(applyServerErrors(e, t)) });
  };

  return (
    <Stack gap="lg">
      <PageHeader
        title={t('title')}
        actions={
          <Button
            variant="default"
            leftSection={<IconChecks size={16} />}
            loading={markRead.isPending && markRead.variables === 'all'}
            onClick={() => markRead.mutate('all', { onError: (e) => notifyError(applyServerErrors(e, t)) })}
          >
            {t('markAll')}
          </Button>
        }
      />
      <Paper withBorder p="md">
        <Stack gap="sm">
          <SegmentedControl
            w="fit-content"
            value={unreadOnly ? 'unread' : 'all'}
            onChange={(v) => {
              setUnreadOnly(v === 'unread');
              setPage(1);
            }}
            data={[
              { value: 'unread', label: t('filter.unread') },
              { value: 'all', label: t('filter.all') },
            ]}
            aria-label={t('filter.label')}
          />
          {list.isError ? (
            <PageError error={list.error} onRetry={() => void list.refetch()} />
          ) : !list.data ? (
            <PageLoader />
          ) : list.data.items.length === 0 ? (
            <Text c="dimmed" ta="center" py="lg">
              {unreadOnly ? t('empty.unread') : t('empty.all')}
            </Text>
          ) : (
            <Stack gap={0} component="ul" className={classes.list} aria-label={t('title')}>
              {list.data.items.map((item) => (
                <li key={item.id}>
                  <Row item={item} onOpen={open} />
                </li>
              ))}
            </Stack>
          )}
          {list.data && list.data.total > list.data.pageSize && (
            <TablePagination
              page={page}
              pageSize={list.data.pageSize}
              total={list.data.total}
              totalCapped={false}
              onChange={setPage}
            />
          )}
        </Stack>
      </Paper>
      <EmailPreferences />
    </Stack>
  );
}
