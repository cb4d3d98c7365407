import { DashboardScreen } from '../features/dashboard/dashboard-screen.tsx';

export function DashboardRoute() {
  return <DashboardScreen />;
}
