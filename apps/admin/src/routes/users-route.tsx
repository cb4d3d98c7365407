import { IconUsers } from '@tabler/icons-react';
import { EmptyPanel } from '../components/empty-panel.tsx';
import { PageHeader } from '../components/page-header.tsx';

export function UsersRoute() {
  return (
    <>
      <PageHeader title="User Management" subtitle="Search customer accounts and suspend or activate them" />
      <EmptyPanel icon={IconUsers} />
    </>
  );
}
