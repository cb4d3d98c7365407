import { AppShell, Burger, Group, NavLink, ScrollArea, Stack } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { CenteredLoader, Logo } from '@reelsmith/ui';
import { Suspense, useEffect, useState } from 'react';
import { NavLink as RouterNavLink, Outlet, useLocation } from 'react-router';
import { useAdminSession } from '../features/auth/admin-session.ts';
import { queryClient } from '../lib/query-client.ts';
import { createAdminTrpcClient, TRPCProvider } from '../lib/trpc.ts';
import { AdminAccount } from './admin-account.tsx';
import { adminNavItems } from './admin-nav-items.ts';
import classes from './admin-layout.module.css';

/** The shared layout of every signed-in admin screen: header, sidebar (a drawer on small screens) and content; screens below it may use tRPC. */
export function AdminLayout() {
  const session = useAdminSession();
  const [navOpened, { toggle: toggleNav, close: closeNav }] = useDisclosure(false);
  const { pathname } = useLocation();
  const [trpcClient] = useState(createAdminTrpcClient);

  // On small screens the sidebar covers the page, so it closes once a destination is chosen.
  useEffect(() => closeNav(), [pathname, closeNav]);

  return (
    <TRPCProvider trpcClient={trpcClient} queryClient={queryClient}>
      <AppShell
        header={{ height: 60 }}
        navbar={{ width: 264, breakpoint: 'sm', collapsed: { mobile: !navOpened } }}
        padding={{ base: 'md', sm: 'xl' }}
      >
        <AppShell.Header>
          <Group h="100%" px="md" gap="sm" wrap="nowrap">
            <Burger
              opened={navOpened}
              onClick={toggleNav}
              hiddenFrom="sm"
              size="sm"
              aria-label={navOpened ? 'Close navigation' : 'Open navigation'}
              aria-expanded={navOpened}
              aria-controls="admin-navigation"
            />
            <Logo tag="Admin" size="sm" />
          </Group>
        </AppShell.Header>

        <AppShell.Navbar id="admin-navigation" className={classes.navbar} aria-label="Admin navigation">
          <AppShell.Section grow component={ScrollArea} p="sm">
            <Stack gap={4}>
              {adminNavItems.map((item) => (
                <NavLink
                  key={item.to}
                  component={RouterNavLink}
                  to={item.to}
                  label={item.label}
                  leftSection={<item.icon size={20} stroke={1.7} aria-hidden="true" />}
                  active={pathname === item.to || pathname.startsWith(`${item.to}/`)}
                  className={classes.navLink}
                />
              ))}
            </Stack>
          </AppShell.Section>
          <AppShell.Section p="md" className={classes.account}>
            <AdminAccount admin={session?.admin ?? null} />
          </AppShell.Section>
        </AppShell.Navbar>

        <AppShell.Main className={classes.main}>
          <Suspense fallback={<CenteredLoader />}>
            <Outlet />
          </Suspense>
        </AppShell.Main>
      </AppShell>
    </TRPCProvider>
  );
}
