import { IconSettings } from '@tabler/icons-react';
import { EmptyPanel } from '../components/empty-panel.tsx';
import { PageHeader } from '../components/page-header.tsx';

export function SettingsRoute() {
  return (
    <>
      <PageHeader title="System Settings" subtitle="Configure platform settings and preferences" />
      <EmptyPanel icon={IconSettings} />
    </>
  );
}
