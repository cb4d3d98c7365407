import { CenteredLoader } from '@reelsmith/ui';
import { useEffect } from 'react';
import { Outlet } from 'react-router';
import { navigateToServer, serverRoutes } from '../../lib/server-routes.ts';
import { useAuthState } from './use-current-user.ts';

/** Layout route for signed-in pages: a signed-out visitor is sent to the server's login redirect. */
export function RequireSignedIn() {
  const auth = useAuthState();
  const signedOut = auth.status === 'signed-out';

  useEffect(() => {
    if (signedOut) navigateToServer(serverRoutes.login);
  }, [signedOut]);

  if (auth.status === 'signed-in') return <Outlet />;
  return <CenteredLoader label={signedOut ? 'Redirecting to sign in…' : 'Loading'} />;
}
