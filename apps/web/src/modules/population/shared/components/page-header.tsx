import type { ReactNode } from 'react';
import { Group, Stack, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { AnchorLink } from '../../../../shared/ui/router-links/anchor-link';

/** Title with a way back to the list (module-local until the shell offers one). */
export function PageHeader({ title, actions, badge }: { title: ReactNode; actions?: ReactNode; badge?: ReactNode }) {
  const { t } = useTranslation('population');
  return (
    <Stack gap={4}>
      <AnchorLink
        to="/population/served/list"
        size="sm"
        style={{ display: 'inline-flex', alignItems: 'center', gap: 4, alignSelf: 'flex-start' }}
      >
        <IconArrowLeft size={14} aria-hidden />
        {t('actions.back_to_list')}
      </AnchorLink>
      <Group justify="space-between" align="center" wrap="wrap">
        <Group gap="sm" align="center">
          <Title order={1} size="h2">
            {title}
          </Title>
          {badge}
        </Group>
        {actions && <Group gap="xs">{actions}</Group>}
      </Group>
    </Stack>
  );
}
