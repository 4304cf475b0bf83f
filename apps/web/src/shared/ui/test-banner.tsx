import { useAppInfo } from '../hooks/use-app-info';
import { TestBannerStrip } from './test-banner-strip';

/** Red full-width 'AMBIENTE DE PRUEBAS' strip, shown when the server's test flag is on (spec section 1). */
export function TestBanner() {
  const { data } = useAppInfo();
  return <TestBannerStrip show={!!data?.testBanner} />;
}

/** Height of the banner, so layouts can make room for it. */
export const TEST_BANNER_HEIGHT = 29;
