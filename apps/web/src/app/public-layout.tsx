import { Outlet } from '@tanstack/react-router';
import { TestBanner } from '../shared/ui/test-banner';
import { PublicFrame } from './public-frame';

/** Password and register pages, inside the app's router. */
export function PublicLayout() {
  return (
    <PublicFrame banner={<TestBanner />}>
      <Outlet />
    </PublicFrame>
  );
}
