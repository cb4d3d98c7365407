import { IconActivity } from '@tabler/icons-react';
import { EmptyPanel } from '../components/empty-panel.tsx';
import { PageHeader } from '../components/page-header.tsx';

export function ActivityRoute() {
  return (
    <>
      <PageHeader title="Activity Logs" subtitle="Audit trail of administrator actions" />
      <EmptyPanel icon={IconActivity} />
    </>
  );
}
