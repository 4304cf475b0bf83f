import type { ReactNode } from 'react';
import { Group, Stack, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import type { LinkOptions, RegisteredRouter, ValidateLinkOptions } from '@tanstack/react-router';
import { AnchorLink } from './router-links/anchor-link';

interface BackHeaderProps<TRouter extends RegisteredRouter, TOptions> {
  /** The page's title (its h1). */
  title: ReactNode;
  /** Where 'back' goes, checked like `<Link>`'s props (`{ to: '/population/served/list' }`). */
  back: ValidateLinkOptions<TRouter, TOptions>;
  /** The back link's translated text ('Volver a la lista'). */
  backLabel: string;
  /** Shown after the title (a status badge). */
  badge?: ReactNode;
  /** Buttons on the right (edit, delete, ...). */
  actions?: ReactNode;
}

/** A record page's header: a way back to its list above the title, with the page's actions on the right. */
export function BackHeader<TRouter extends RegisteredRouter = RegisteredRouter, TOptions = unknown>({
  title,
  back,
  backLabel,
  badge,
  actions,
}: BackHeaderProps<TRouter, TOptions>) {
  return (
    <Stack gap={4}>
      <AnchorLink
        {...(back as LinkOptions)}
        size="sm"
        style={{ display: 'inline-flex', alignItems: 'center', gap: 4, alignSelf: 'flex-start' }}
      >
        <IconArrowLeft size={14} aria-hidden />
        {backLabel}
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
