import type { ReactNode } from 'react';
import { Group, Stack, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { AnchorLink } from '../../../../shared/ui/router-links/anchor-link';

/** Title with a way back to the activities list. */
export function ActivityPageHeader({ title, actions }: { title: ReactNode; actions?: ReactNode }) {
  const { t } = useTranslation('activities');
  return (
    <Stack gap={4}>
      <AnchorLink
        to="/population/activities/list"
        size="sm"
        style={{ display: 'inline-flex', alignItems: 'center', gap: 4, alignSelf: 'flex-start' }}
      >
        <IconArrowLeft size={14} aria-hidden />
        {t('actions.back_to_list')}
      </AnchorLink>
      <Group justify="space-between" align="center" wrap="wrap">
        <Title order={1} size="h2">
          {title}
        </Title>
        {actions && <Group gap="xs">{actions}</Group>}
      </Group>
    </Stack>
  );
}
