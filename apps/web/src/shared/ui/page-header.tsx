import type { ReactNode } from 'react';
import { Group, Stack, Text, Title } from '@mantine/core';

interface PageHeaderProps {
  title: string;
  description?: string;
  /** Buttons shown on the right (add, invite, ...). */
  actions?: ReactNode;
  /** Heading level: 1 for a page's own title (one h1 a page, the default), 2 for a section inside a page. */
  order?: 1 | 2;
}

export function PageHeader({ title, description, actions, order = 1 }: PageHeaderProps) {
  return (
    <Group justify="space-between" align="flex-start" mb="lg" wrap="wrap">
      <Stack gap={4}>
        <Title order={order} size="h2">
          {title}
        </Title>
        {description && (
          <Text c="dimmed" size="sm">
            {description}
          </Text>
        )}
      </Stack>
      {actions && <Group gap="sm">{actions}</Group>}
    </Group>
  );
}
