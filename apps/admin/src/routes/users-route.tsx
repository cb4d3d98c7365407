import { UsersScreen } from '../features/users/users-screen.tsx';

export function UsersRoute() {
  return <UsersScreen />;
}
