import type { ReactNode } from 'react';
import { Alert, Button, Center, Paper, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { applyServerErrors } from '../../../shared/lib/server-errors';
import { AnchorLink } from '../../../shared/ui/router-links/anchor-link';

interface LinkActionPageProps {
  title: string;
  subtitle: string;
  /** What pressing the button does, shown above it. */
  explain?: string;
  submitLabel: string;
  submitColor?: string;
  onSubmit: () => void;
  pending: boolean;
  error: unknown;
  /** Shown instead of the button once the action succeeded (false before). */
  done: ReactNode;
}

/**
 * The page a mailed link opens (confirm a new e-mail, cancel a change): a
 * button, not an automatic call, so a mail scanner opening the link spends
 * nothing; the server's refusal (a spent link) is shown above the button.
 */
export function LinkActionPage(props: LinkActionPageProps) {
  const { t } = useTranslation('auth');
  return (
    <Center mih="60vh" p="xl">
      <Paper withBorder p="xl" maw={520} w="100%">
        <Stack>
          <div>
            <Title order={2} size="h3">
              {props.title}
            </Title>
            <Text c="dimmed" size="sm">
              {props.subtitle}
            </Text>
          </div>
          {props.done ? (
            props.done
          ) : (
            <>
              {props.explain && <Text size="sm">{props.explain}</Text>}
              {props.error ? (
                <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
                  {applyServerErrors(props.error, t)}
                </Alert>
              ) : null}
              <Button color={props.submitColor} onClick={props.onSubmit} loading={props.pending} fullWidth>
                {props.submitLabel}
              </Button>
            </>
          )}
          <AnchorLink to="/" size="sm">
            {t('auth:status.home')}
          </AnchorLink>
        </Stack>
      </Paper>
    </Center>
  );
}
