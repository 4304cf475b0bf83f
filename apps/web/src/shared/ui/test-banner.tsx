import { Box } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useAppInfo } from '../hooks/use-app-info';

/** Red full-width 'AMBIENTE DE PRUEBAS' strip, shown when the server's test flag is on (spec section 1). */
export function TestBanner() {
  const { t } = useTranslation();
  const { data } = useAppInfo();
  if (!data?.testBanner) return null;
  return (
    <Box data-testid="test-banner" bg="red.7" c="white" ta="center" fw={700} py={4} fz="sm">
      {t('common:shell.testBanner')}
    </Box>
  );
}

/** Height of the banner, so layouts can make room for it. */
export const TEST_BANNER_HEIGHT = 29;
