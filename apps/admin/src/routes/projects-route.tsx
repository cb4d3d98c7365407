import { IconMovie } from '@tabler/icons-react';
import { EmptyPanel } from '../components/empty-panel.tsx';
import { PageHeader } from '../components/page-header.tsx';

export function ProjectsRoute() {
  return (
    <>
      <PageHeader title="Project Analytics" subtitle="Browse and filter every project on the platform" />
      <EmptyPanel icon={IconMovie} />
    </>
  );
}
