import { useParams } from 'react-router';
import { UserDetailsScreen } from '../features/user-details/user-details-screen.tsx';

export function UserDetailsRoute() {
  const { userId } = useParams();
  // Keyed by the id so a different user starts with fresh state (preview closed).
  return <UserDetailsScreen key={userId} userId={userId} />;
}
