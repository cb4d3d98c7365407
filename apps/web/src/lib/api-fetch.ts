import { createApiFetch, type ApiFetch } from '@reelsmith/ui/api';
import { forceReauth } from './reauth.ts';

/** The customer app's REST caller: the session is its cookie; a re-auth answer forgets the user and signs in again. */
export const apiFetch: ApiFetch = createApiFetch({
  fetch: (input, init) => globalThis.fetch(input, init),
  onSessionEnded: () => forceReauth(),
});
