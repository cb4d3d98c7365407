import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { queryKeys } from '../../lib/query-keys.ts';

/** The header's Projects action: refresh the project list and show the dashboard. */
export function useOpenProjects(): () => void {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return () => {
    void queryClient.invalidateQueries({ queryKey: queryKeys.projects });
    void navigate('/');
  };
}
