import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useLocation } from 'react-router';
import { apiFetch } from '../../lib/api-fetch.ts';
import { queryKeys } from '../../lib/query-keys.ts';
import { MaintenancePage } from './maintenance-page.tsx';
import { worksDuringMaintenance } from './maintenance-rules.ts';

/** What GET /api/platform/status answers (packages/api, platform.status). */
interface PlatformStatus {
  maintenanceMode: boolean;
  maintenanceMessage: string | null;
  registrationEnabled: boolean;
}

/**
 * Shows the maintenance page instead of the page while maintenance mode is on (the share page excepted).
 * It sits around every page, the landing page included, so it reads the REST path with a plain fetch:
 * the tRPC client is loaded only by the pages that use it.
 */
export function MaintenanceGate({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  const status = useQuery({
    queryKey: queryKeys.platformStatus,
    queryFn: ({ signal }) => apiFetch<PlatformStatus>('/api/platform/status', { signal }),
    staleTime: 30_000,
    refetchInterval: 60_000,
  });
  if (status.data?.maintenanceMode && !worksDuringMaintenance(pathname)) return <MaintenancePage message={status.data.maintenanceMessage} />;
  return children;
}
