import { SessionsScreen } from '../features/sessions/sessions-screen.tsx';

export function SessionsRoute() {
  return <SessionsScreen />;
}
