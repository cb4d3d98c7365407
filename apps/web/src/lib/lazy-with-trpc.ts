import { lazy, type ComponentType } from 'react';

/**
 * For a lazily loaded component that calls tRPC: loads it and the tRPC client together and puts the
 * client around it. Only this dynamic import names the client, so the first load does not carry it.
 */
export async function lazyWithTrpc<P extends object>(load: () => Promise<ComponentType<P>>): Promise<ComponentType<P>> {
  const [Component, { withTrpc }] = await Promise.all([load(), import('./trpc-scope.tsx')]);
  return withTrpc(Component);
}

/** The same as a component to render inside Suspense (React.lazy), for parts loaded outside the router. */
export function lazyComponentWithTrpc<P extends object>(load: () => Promise<ComponentType<P>>) {
  return lazy(async () => ({ default: await lazyWithTrpc(load) }));
}
