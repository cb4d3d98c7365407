import { IconDeviceDesktopAnalytics } from '@tabler/icons-react';
import { EmptyPanel } from '../components/empty-panel.tsx';
import { PageHeader } from '../components/page-header.tsx';

export function SessionsRoute() {
  return (
    <>
      <PageHeader title="Session Management" subtitle="Monitor customer login sessions" />
      <EmptyPanel icon={IconDeviceDesktopAnalytics} />
    </>
  );
}
