import { Center, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../../shared/ui/router-links/button-link';

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
        <ButtonLink to="/" mt="md">
          {t('auth:status.home')}
        </ButtonLink>
      </Stack>
    </Center>
  );
}
