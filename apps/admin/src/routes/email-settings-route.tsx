import { IconMail } from '@tabler/icons-react';
import { EmptyPanel } from '../components/empty-panel.tsx';
import { PageHeader } from '../components/page-header.tsx';

export function EmailSettingsRoute() {
  return (
    <>
      <PageHeader title="Email Settings" subtitle="Manage email templates and view email logs" />
      <EmptyPanel icon={IconMail} />
    </>
  );
}
