import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useLocation } from 'react-router';
import { useTRPC } from '../../lib/trpc.ts';
import { MaintenancePage } from './maintenance-page.tsx';
import { worksDuringMaintenance } from './maintenance-rules.ts';

/** Shows the maintenance page instead of the page while maintenance mode is on (the share page excepted). */
export function MaintenanceGate({ children }: { children: ReactNode }) {
  const trpc = useTRPC();
  const { pathname } = useLocation();
  const status = useQuery({ ...trpc.platform.status.queryOptions(), staleTime: 30_000, refetchInterval: 60_000 });
  if (status.data?.maintenanceMode && !worksDuringMaintenance(pathname)) return <MaintenancePage message={status.data.maintenanceMessage} />;
  return children;
}
