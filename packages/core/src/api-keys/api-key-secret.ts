import { randomBytes } from 'node:crypto';
import { apiKeyPrefix } from '@reelsmith/shared';

/** How many characters of a key are kept and shown, so its owner can tell keys apart: `rsk_` and six more. */
export const shownPrefixLength = apiKeyPrefix.length + 6;

// Record a key's last use at most once a minute, so a busy integration does not write on every call.
const lastUseIntervalMs = 60_000;

/** A new key: `rsk_` and 32 random bytes, URL-safe. Only its hash is stored. */
export function newApiKey(): string {
  return `${apiKeyPrefix}${randomBytes(32).toString('base64url')}`;
}

/** Whether a bearer value is meant as an API key (anything else is an admin token). */
export function isApiKey(value: string): boolean {
  return value.startsWith(apiKeyPrefix);
}

/** The characters of a key its owner is shown in the list. */
export function shownPrefix(key: string): string {
  return key.slice(0, shownPrefixLength);
}

/** Whether a use at `now` should be written, given the last one recorded. */
export function shouldRecordUse(lastUsedAt: Date | null, now: Date): boolean {
  return lastUsedAt === null || now.getTime() - lastUsedAt.getTime() >= lastUseIntervalMs;
}
