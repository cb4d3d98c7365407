import { useNavigate } from 'react-router';
import { useRefreshProjects } from './use-project-list.ts';

/** The header's Projects action: refresh the project list and show the dashboard. */
export function useOpenProjects(): () => void {
  const refreshProjects = useRefreshProjects();
  const navigate = useNavigate();
  return () => {
    void refreshProjects();
    void navigate('/');
  };
}
