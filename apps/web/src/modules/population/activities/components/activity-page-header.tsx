import type { ReactNode } from 'react';
import { Anchor, Group, Stack, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';

/** Title with a way back to the activities list. */
export function ActivityPageHeader({ title, actions }: { title: ReactNode; actions?: ReactNode }) {
  const { t } = useTranslation('activities');
  return (
    <Stack gap={4}>
      <Anchor
        component={Link}
        to="/population/activities/list"
        size="sm"
        style={{ display: 'inline-flex', alignItems: 'center', gap: 4, alignSelf: 'flex-start' }}
      >
        <IconArrowLeft size={14} aria-hidden />
        {t('actions.back_to_list')}
      </Anchor>
      <Group justify="space-between" align="center" wrap="wrap">
        <Title order={1} size="h2">
          {title}
        </Title>
        {actions && <Group gap="xs">{actions}</Group>}
      </Group>
    </Stack>
  );
}
