import { describe, expect, it } from 'vitest';
import { errorFacts, httpStatusOf } from './trpc-errors.ts';

describe('errorFacts', () => {
  it('gives the shared message rules the text and the HTTP status of a tRPC error', () => {
    const trpcError = Object.assign(new Error('Session expired - please login again'), { data: { code: 'UNAUTHORIZED', httpStatus: 401, requiresReauth: true } });
    expect(errorFacts(trpcError)).toMatchObject({ message: 'Session expired - please login again', status: 401 });
    expect(httpStatusOf({ status: 429 })).toBe(429);
    expect(errorFacts('plain')).toMatchObject({ message: 'plain', status: undefined });
  });
});
