import { TRPCClientError } from '@trpc/client';
import { describe, expect, it } from 'vitest';
import { toUserMessage } from '@reelsmith/shared';
import { errorFacts, httpStatusOf } from './trpc-errors.ts';

describe('errorFacts', () => {
  it('gives the shared message rules the text, the HTTP status and the reason code of a tRPC error', () => {
    const trpcError = Object.assign(new Error('Session expired - please login again'), { data: { code: 'UNAUTHORIZED', httpStatus: 401, reason: 'unauthorized', requiresReauth: true } });
    expect(errorFacts(trpcError)).toEqual({ message: 'Session expired - please login again', status: 401, reason: 'unauthorized' });
    expect(httpStatusOf({ status: 429 })).toBe(429);
    expect(errorFacts('plain')).toEqual({ message: 'plain', status: undefined, reason: undefined });
  });
  it("passes on the facts the server sent with the error (tRPC's data.details)", () => {
    const refused = Object.assign(new Error('Scene validation failed: …'), { data: { httpStatus: 422, reason: 'scenes_invalid', details: { validation: 'too_short', sceneCount: 3 } } });
    expect(errorFacts(refused)).toEqual({ message: 'Scene validation failed: …', status: 422, reason: 'scenes_invalid', details: { validation: 'too_short', sceneCount: 3 } });
  });
  it('reads the reason a REST error keeps in its answer body', () => {
    expect(errorFacts(Object.assign(new Error('Upgrade'), { status: 402, body: { error: 'Upgrade', reason: 'free_limit' } })).reason).toBe('free_limit');
  });
  it("a status without a reason (a proxy's answer) gives the status's reason; an unknown code is ignored", () => {
    expect(errorFacts(Object.assign(new Error('<html>Bad Gateway</html>'), { data: { httpStatus: 502 } })).reason).toBe('internal');
    expect(errorFacts(Object.assign(new Error('x'), { data: { httpStatus: 404, reason: 'not_a_code' } })).reason).toBe('not_found');
  });
  it('names a failure that got no answer at all "network", whatever its words', () => {
    const offline = TRPCClientError.from(new TypeError('NetworkError when attempting to fetch resource.'));
    expect(errorFacts(offline).reason).toBe('network');
    expect(toUserMessage(errorFacts(offline))).toBe('Network error. Please check your connection and try again.');
    expect(errorFacts(new TypeError('Load failed')).reason).toBe('network');
    expect(errorFacts(new Error('Failed to fetch')).reason).toBeUndefined();
  });
});
