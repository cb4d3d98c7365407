import { IconLayoutDashboard } from '@tabler/icons-react';
import { EmptyPanel } from '../components/empty-panel.tsx';
import { PageHeader } from '../components/page-header.tsx';

export function DashboardRoute() {
  return (
    <>
      <PageHeader title="Overview" subtitle="Users, revenue and project activity across the platform" />
      <EmptyPanel icon={IconLayoutDashboard} />
    </>
  );
}
