import { describe, expect, it } from 'vitest';
import { answersUnauthorized, isReauthTrpcError } from './session-end.ts';

/** The shape of a TRPCClientError as the server's error formatter fills it. */
function trpcError(httpStatus: number, requiresReauth?: boolean): Error & { data: Record<string, unknown> } {
  return Object.assign(new Error('Session expired - please login again'), { data: { code: 'UNAUTHORIZED', httpStatus, requiresReauth } });
}

describe('isReauthTrpcError', () => {
  it('is a 401 whose data asks for a new sign-in', () => {
    expect(isReauthTrpcError(trpcError(401, true))).toBe(true);
    expect(isReauthTrpcError(trpcError(401))).toBe(false);
    expect(isReauthTrpcError(trpcError(403, true))).toBe(false);
    expect(isReauthTrpcError(new Error('401'))).toBe(false);
    expect(isReauthTrpcError(null)).toBe(false);
  });
});

describe('answersUnauthorized', () => {
  const batchItem = (httpStatus: number) => ({ error: { json: { message: 'x', data: { httpStatus } } } });
  const batch = (items: unknown[]) => new Response(JSON.stringify(items), { status: 207 });

  it('is a 401, or a multi-status batch in which one call answered 401', async () => {
    expect(await answersUnauthorized(new Response('{}', { status: 401 }))).toBe(true);
    expect(await answersUnauthorized(batch([{ result: { data: {} } }, batchItem(401)]))).toBe(true);
    expect(await answersUnauthorized(batch([batchItem(404), batchItem(500)]))).toBe(false);
    expect(await answersUnauthorized(new Response('not json', { status: 207 }))).toBe(false);
    expect(await answersUnauthorized(new Response('{}', { status: 403 }))).toBe(false);
  });

  it('leaves the answer readable for tRPC', async () => {
    const response = batch([batchItem(401)]);
    await answersUnauthorized(response);
    await expect(response.json()).resolves.toEqual([batchItem(401)]);
  });
});
