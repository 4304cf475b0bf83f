import type { ReactNode } from 'react';
import { Box, Center, Group, Paper, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { LanguageSwitch } from '../shared/ui/language-switch';
import { ThemeToggle } from '../shared/ui/theme-toggle';

/**
 * The public pages' frame: a centred card with the language and theme
 * switches. It needs no router or TanStack Query, so the sign-in page
 * (src/sign-in.tsx) draws it on its own; `banner` is the test-environment strip.
 */
export function PublicFrame({ banner, children }: { banner: ReactNode; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Box mih="100vh" bg="light-dark(var(--mantine-color-gray-0), var(--mantine-color-dark-8))">
      {banner}
      <Group component="header" justify="flex-end" p="md" gap="sm">
        <LanguageSwitch />
        <ThemeToggle />
      </Group>
      <Center component="main" px="md" pb="xl">
        <Box w={440} maw="100%">
          <Box ta="center" mb="lg">
            <Title order={1} c="teal">
              {t('common:appName')}
            </Title>
            <Text c="dimmed" size="sm">
              {t('common:appTagline')}
            </Text>
          </Box>
          <Paper withBorder shadow="md" p="xl" radius="md">
            {children}
          </Paper>
        </Box>
      </Center>
    </Box>
  );
}
