import { useEffect, useState, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { apiFetch } from '../../lib/api-fetch.ts';
import { MaintenancePage } from './maintenance-page.tsx';
import { worksDuringMaintenance } from './maintenance-rules.ts';

/** What GET /api/platform/status answers (packages/api, platform.status). */
interface PlatformStatus {
  maintenanceMode: boolean;
  maintenanceMessage: string | null;
  registrationEnabled: boolean;
}

/** How often an open page asks again whether maintenance has started or ended. */
const RECHECK_MS = 60_000;

/** The platform's status: asked when the page opens, then every minute while the page is visible. */
function usePlatformStatus(): PlatformStatus | undefined {
  const [status, setStatus] = useState<PlatformStatus>();
  useEffect(() => {
    const controller = new AbortController();
    const ask = () => {
      if (document.visibilityState === 'hidden') return;
      apiFetch<PlatformStatus>('/api/platform/status', { signal: controller.signal }).then(setStatus, () => undefined);
    };
    ask();
    const timer = setInterval(ask, RECHECK_MS);
    return () => {
      clearInterval(timer);
      controller.abort();
    };
  }, []);
  return status;
}

/**
 * Shows the maintenance page instead of the page while maintenance mode is on (the share page excepted).
 * It sits around every page, the landing page included, so it asks the REST path with the plain fetch
 * wrapper: neither the tRPC client nor the query library is part of the first load.
 */
export function MaintenanceGate({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  const status = usePlatformStatus();
  if (status?.maintenanceMode && !worksDuringMaintenance(pathname)) return <MaintenancePage message={status.maintenanceMessage} />;
  return children;
}
