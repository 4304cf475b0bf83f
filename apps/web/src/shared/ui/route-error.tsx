import { Alert, Button, Center } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ErrorComponentProps } from '@tanstack/react-router';
import { isChunkLoadError } from '../lib/chunks';
import { applyServerErrors } from '../lib/server-errors';

/**
 * What a route shows when it fails (the router's default error component).
 * A screen whose code could not be loaded, or not within 120 s (spec section
 * 9), says so and offers to reload the page, which fetches the current build;
 * any other failure shows the translated problem and a retry. Part of the
 * first load on purpose: when the network fails, this is what still works.
 */
export function RouteError({ error, reset }: ErrorComponentProps) {
  const { t } = useTranslation();
  const chunk = isChunkLoadError(error);
  return (
    <Center py="xl" px="md">
      <Alert
        role="alert"
        color={chunk ? 'yellow' : 'red'}
        title={t(chunk ? 'common:messages.chunkTitle' : 'common:messages.routeErrorTitle')}
        maw={560}
      >
        {chunk ? t('common:messages.chunkBody') : applyServerErrors(error, t)}
        <Button display="block" mt="sm" onClick={() => (chunk ? window.location.reload() : reset())}>
          {t(chunk ? 'common:actions.reload' : 'common:actions.retry')}
        </Button>
      </Alert>
    </Center>
  );
}
