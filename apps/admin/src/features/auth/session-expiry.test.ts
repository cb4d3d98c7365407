import { sessionExpiredMessage as serverMessage } from '@reelsmith/shared';
import { describe, expect, it } from 'vitest';
import { sessionExpiredMessage } from './session-expiry.ts';

describe('sessionExpiredMessage', () => {
  it('is the text the server answers a stale admin token with', () => {
    expect(sessionExpiredMessage).toBe(serverMessage);
  });
});
