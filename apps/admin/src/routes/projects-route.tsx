import { ProjectsScreen } from '../features/projects/projects-screen.tsx';

export function ProjectsRoute() {
  return <ProjectsScreen />;
}
