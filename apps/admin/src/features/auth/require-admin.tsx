import { Navigate, Outlet } from 'react-router';
import { useAdminSession } from './admin-session.ts';

/** Layout route for signed-in screens: without a stored admin token the visitor goes to the login page. */
export function RequireAdmin() {
  const session = useAdminSession();
  if (!session) return <Navigate to="/" replace />;
  return <Outlet />;
}
