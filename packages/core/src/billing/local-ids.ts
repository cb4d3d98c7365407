import { randomBytes } from 'node:crypto';

/** An id for the local payment provider's objects and events (`local_evt_…`, `local_in_…`), unguessable. */
export function newLocalId(prefix: string): string {
  return `${prefix}_${randomBytes(12).toString('base64url')}`;
}
