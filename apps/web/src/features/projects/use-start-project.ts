import { useNavigate } from 'react-router';

/**
 * The one handler behind every 'create a project' button (header Create, Start New Project,
 * Create First Project). Subscription and limit checks join here when billing arrives.
 */
export function useStartProject(): () => void {
  const navigate = useNavigate();
  return () => {
    void navigate('/project/new');
  };
}
