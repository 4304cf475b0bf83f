import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';

/** 404 / 500 / no-permission: a code, a sentence and a way home. */
export function StatusPage({ code, title, text }: { code: string; title: string; text: string }) {
  const { t } = useTranslation('auth');
  return (
    <Center mih="60vh" p="xl">
      <Stack align="center" gap="sm" maw={480} ta="center">
        <Text fz={64} fw={800} c="dimmed" lh={1}>
          {code}
        </Text>
        <Title order={1} size="h2">
          {title}
        </Title>
        <Text c="dimmed">{text}</Text>
        <Button component={Link} to="/" mt="md">
          {t('auth:status.home')}
        </Button>
      </Stack>
    </Center>
  );
}
