import { Button, type ButtonProps } from '@mantine/core';
import type { ReactNode } from 'react';
import { serverRoutes } from '../../lib/server-routes.ts';

/** Every landing call to action: a full navigation to the server's sign-in start. */
export function SignInButton({ children, ...props }: ButtonProps & { children: ReactNode }) {
  return (
    <Button component="a" href={serverRoutes.signIn} {...props}>
      {children}
    </Button>
  );
}
