import { Group, Text, UnstyledButton } from '@mantine/core';
import { IconChevronDown } from '@tabler/icons-react';
import type { ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';
import type { UserProfile } from '@amparo/shared/modules/auth.schema';

/** The menu's button: the user's name (hidden on a phone) and a chevron. */
export function UserMenuButton({ user, ...props }: { user: UserProfile } & ComponentProps<'button'>) {
  const { t } = useTranslation();
  return (
    // The accessible name starts with the visible name (WCAG 2.5.3, label in name).
    <UnstyledButton aria-label={t('common:menu.userMenuOf', { name: user.fullName })} {...props}>
      <Group gap={4} wrap="nowrap">
        <Text size="sm" fw={500} visibleFrom="xs" data-testid="user-name">
          {user.fullName}
        </Text>
        <IconChevronDown size={14} />
      </Group>
    </UnstyledButton>
  );
}
