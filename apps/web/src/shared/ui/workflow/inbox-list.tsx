import { Anchor, Badge, Group, Stack, Text } from '@mantine/core';
import { useRouter } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import type { InboxItem } from '@amparo/shared/workflow';
import { formatDateTime } from '../../lib/format';

interface Props {
  items: readonly InboxItem[];
  /** A state's name for a workflow's item ("Solicitado"); the state as sent by default. */
  stateLabel?: (workflow: string, state: string) => string;
  /** The list's accessible name; "Pendientes de usted" by default. */
  label?: string;
}

/**
 * What waits for the caller across workflows (`GET /api/workflow/inbox`, issue 25 section 1), oldest waiting first:
 * each record's title linking to its page, its state, since when it waits (America/Guatemala), and whom the caller
 * would act for when it reached them through a delegation.
 */
export function InboxList({ items, stateLabel, label }: Props) {
  const { t } = useTranslation('common');
  const router = useRouter();
  if (items.length === 0)
    return (
      <Text size="sm" c="dimmed">
        {t('workflow.inbox.empty')}
      </Text>
    );
  return (
    <Stack
      component="ul"
      gap="xs"
      p={0}
      m={0}
      style={{ listStyle: 'none' }}
      aria-label={label ?? t('workflow.inbox.title')}
      data-testid="workflow-inbox"
    >
      {items.map((item) => (
        <li key={`${item.workflow}:${item.recordId}`} data-testid="workflow-inbox-item">
          <Group justify="space-between" wrap="nowrap" gap="sm">
            <Stack gap={0} style={{ minWidth: 0 }}>
              <Anchor
                href={item.href}
                size="sm"
                fw={500}
                truncate="end"
                onClick={(event) => {
                  if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
                  event.preventDefault();
                  void router.navigate({ href: item.href });
                }}
              >
                {t(`workflow.inbox.titles.${item.workflow}`, { ...item.titleParams, defaultValue: item.recordId })}
              </Anchor>
              <Text size="xs" c="dimmed">
                {t('workflow.inbox.since', { date: formatDateTime(item.since) })}
                {item.actingForName && ` · ${t('workflow.inbox.actingFor', { name: item.actingForName })}`}
              </Text>
            </Stack>
            <Badge variant="light" style={{ flexShrink: 0 }}>
              {stateLabel?.(item.workflow, item.state) ?? item.state}
            </Badge>
          </Group>
        </li>
      ))}
    </Stack>
  );
}
