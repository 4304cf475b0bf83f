import { Box } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** The strip itself, for a page that reads `GET /api/app-info` without TanStack Query (the sign-in page). */
export function TestBannerStrip({ show }: { show: boolean }) {
  const { t } = useTranslation();
  if (!show) return null;
  return (
    <Box data-testid="test-banner" bg="red.7" c="white" ta="center" fw={700} py={4} fz="sm">
      {t('common:shell.testBanner')}
    </Box>
  );
}
