import { Box, Center, Group, Paper, Text, Title } from '@mantine/core';
import { Outlet } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { LanguageSwitch } from '../shared/ui/language-switch';
import { TestBanner } from '../shared/ui/test-banner';
import { ThemeToggle } from '../shared/ui/theme-toggle';

/** Sign-in, password and register pages: a centred card with the language switch. */
export function PublicLayout() {
  const { t } = useTranslation();
  return (
    <Box mih="100vh" bg="light-dark(var(--mantine-color-gray-0), var(--mantine-color-dark-8))">
      <TestBanner />
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
            <Outlet />
          </Paper>
        </Box>
      </Center>
    </Box>
  );
}
