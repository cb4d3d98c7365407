import { Box } from '@mantine/core';
import { Logo } from '@reelsmith/ui';
import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { useAuthState } from '../features/auth/use-current-user.ts';
import { UpgradeDialogProvider } from '../features/billing/upgrade-dialog-provider.tsx';
import { MaintenanceGate } from '../features/maintenance/maintenance-gate.tsx';
import { lazyComponentWithTrpc } from '../lib/lazy-with-trpc.ts';
import { HeaderBar } from './header-bar.tsx';
import { PublicHeader } from './public-header.tsx';
import { SiteFooter } from './site-footer.tsx';

// The signed-in header (menus, popovers) is split out so visitors never download it.
const AppHeader = lazyComponentWithTrpc(async () => (await import('./app-header.tsx')).AppHeader);

function PlainHeader() {
  return (
    <HeaderBar>
      <Logo to="/" />
    </HeaderBar>
  );
}

/** Header, main and footer around every page; the header follows the auth state. */
export function AppLayout() {
  const auth = useAuthState();
  return (
    <UpgradeDialogProvider>
      <a href="#main" className="rs-skip-link">
        Skip to content
      </a>
      {auth.status === 'signed-in' ? (
        <Suspense fallback={<PlainHeader />}>
          <AppHeader user={auth.user} />
        </Suspense>
      ) : auth.status === 'signed-out' ? (
        <PublicHeader />
      ) : (
        <PlainHeader />
      )}
      <Box component="main" id="main" tabIndex={-1} style={{ flex: 1, outline: 'none' }}>
        <MaintenanceGate>
          <Outlet />
        </MaintenanceGate>
      </Box>
      <SiteFooter />
    </UpgradeDialogProvider>
  );
}
