import type { AddressInfo } from 'node:net';
import { appRouter, createApiContext, createCallerFactory } from '@reelsmith/api';
import { startGeneration } from '@reelsmith/core';
import { testDatabaseKinds } from '@reelsmith/db/testing';
import { projectMessages } from '@reelsmith/shared';
import superjson from 'superjson';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { trpcCall } from './support/trpc-call.ts';
import { buildTestApp, devSignIn, type TestApp } from './test-app.ts';

const createCaller = createCallerFactory(appRouter);

interface SseEvent {
  event: string;
  data: string;
  id?: string | undefined;
}

/**
 * Opens generation.progress as the browser's subscription link does (GET, server-sent events) and
 * reads events until the stream ends or `enough` says so; then hangs up.
 */
async function openProgress(base: string, cookie: string, id: string, enough: (events: SseEvent[]) => boolean, options: { lastEventId?: string; maxMs?: number } = {}): Promise<SseEvent[]> {
  const input = encodeURIComponent(JSON.stringify(superjson.serialize({ id, ...(options.lastEventId ? { lastEventId: options.lastEventId } : {}) })));
  const abort = new AbortController();
  const timer = setTimeout(() => abort.abort(), options.maxMs ?? 15_000);
  const res = await fetch(`${base}/trpc/generation.progress?input=${input}`, { headers: { cookie, accept: 'text/event-stream' }, signal: abort.signal });
  expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
  const events: SseEvent[] = [];
  const decoder = new TextDecoder();
  let buffer = '';
  try {
    for await (const chunk of res.body!) {
      buffer += decoder.decode(chunk as Uint8Array, { stream: true });
      let end: number;
      while ((end = buffer.indexOf('\n\n')) >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const event = /^event: ?(.*)$/m.exec(block)?.[1] ?? 'message';
        const data = [...block.matchAll(/^data: ?(.*)$/gm)].map((m) => m[1]).join('\n');
        const eventId = /^id: ?(.*)$/m.exec(block)?.[1];
        if (data || event !== 'message') events.push({ event, data, id: eventId });
      }
      if (enough(events)) break;
    }
  } catch (err) {
    if (!abort.signal.aborted) throw err;
  } finally {
    clearTimeout(timer);
    abort.abort();
  }
  return events;
}

/** The error a subscription stream carried, in the shape the browser's link reads it. */
function streamError(events: SseEvent[]) {
  const event = events.find((e) => e.event === 'serialized-error');
  if (!event) return undefined;
  const body = JSON.parse(event.data) as { json?: { message: string; data: { code: string; httpStatus: number } } } & { message?: string; data?: { code: string; httpStatus: number } };
  const shape = body.json ?? body;
  return { code: shape.data!.code, httpStatus: shape.data!.httpStatus, message: shape.message };
}

// generation.progress streams a project's job progress to its owner. A project that does not exist,
// an id that is not one, and another customer's project all answer not-found (never an internal error,
// never another customer's jobs).
describe.each(testDatabaseKinds())('generation.progress on %s', (kind) => {
  let t: TestApp;
  let base: string;
  let owner: string;
  let stranger: string;
  let projectId: string;
  let ownerId: string;

  beforeAll(async () => {
    t = await buildTestApp(kind, {}, undefined, { work: false });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    owner = await devSignIn(t.app, `progress.owner.${kind}@example.com`, 'Owen Owner');
    stranger = await devSignIn(t.app, `progress.stranger.${kind}@example.com`, 'Stella Stranger');
    const created = await t.app.inject({ method: 'POST', url: '/api/projects', headers: { cookie: owner }, payload: { reelTime: 20, aspect: '9:16' } });
    expect(created.statusCode).toBe(201);
    projectId = created.json().id;
    ownerId = (await t.db.db.selectFrom('projects').select('user_id').where('id', '=', projectId).executeTakeFirstOrThrow()).user_id;
    // A job on the owner's project, so a leak would show in what a stranger reads.
    await startGeneration(t.app.core, ownerId, projectId, 'voiceover', { id: projectId, voiceId: 'x', sceneSpeedSettings: {} });
  });
  afterAll(async () => {
    await t.close();
  });

  const cases = [
    ['a project that does not exist', () => ({ cookie: owner, id: '00000000-0000-4000-8000-000000000000' })],
    ['an id that is not a project id', () => ({ cookie: owner, id: 'not-a-project-id' })],
    ["another customer's project", () => ({ cookie: stranger, id: projectId })],
  ] as const;

  it.each(cases)('answers NOT_FOUND with the project message over the event stream for %s', async (_, who) => {
    const { cookie, id } = who();
    const events = await openProgress(base, cookie, id, (e) => e.length > 0);
    expect(streamError(events)).toEqual({ code: 'NOT_FOUND', httpStatus: 404, message: projectMessages.notFound });
    expect(events.filter((e) => e.event !== 'serialized-error' && e.data.includes('voiceover'))).toEqual([]);
  });

  it.each(cases)('answers NOT_FOUND through the server-side caller for %s', async (_, who) => {
    const { cookie, id } = who();
    const sessionToken = decodeURIComponent(/(?:^|;\s*)rs_session=([^;]*)/.exec(cookie)![1]!);
    const caller = createCaller(await createApiContext(t.app.core, { sessionToken, adminToken: undefined, ip: '203.0.113.9', userAgent: 'vitest' }));
    await expect(caller.generation.progress({ id })).rejects.toMatchObject({ code: 'NOT_FOUND', message: projectMessages.notFound });
  });

  it.each(cases)('answers 404 with the project message for the job list (generation.jobs) for %s', async (_, who) => {
    const { cookie, id } = who();
    expect(await trpcCall(t.app, 'query', 'generation.jobs', { id }, cookie)).toEqual({ status: 404, error: projectMessages.notFound });
  });

  it("streams the owner's jobs to the owner", async () => {
    const events = await openProgress(base, owner, projectId, (e) => e.some((x) => x.data.includes('voiceover')));
    expect(streamError(events)).toBeUndefined();
    const first = events.find((e) => e.data.includes('voiceover'))!;
    const payload = JSON.parse(first.data) as { json?: unknown };
    const jobs = superjson.deserialize((payload.json !== undefined ? payload : { json: payload }) as never) as { projectId: string; kind: string; status: string }[];
    expect(jobs).toEqual([expect.objectContaining({ projectId, kind: 'voiceover', status: 'queued' })]);
  });

  it('tells the browser to reconnect when nothing, not even a ping, arrives for 45 s (proxies cut idle streams)', async () => {
    const events = await openProgress(base, owner, projectId, (e) => e.some((x) => x.event === 'connected'));
    const connected = events.find((e) => e.event === 'connected');
    expect(JSON.parse(connected!.data)).toMatchObject({ reconnectAfterInactivityMs: 45_000 });
  });

  it('resumes after a reconnect: the list the browser already shows is not sent again, the next change is', async () => {
    const isList = (e: SseEvent) => e.event === 'message' && e.data.includes('voiceover');
    const first = (await openProgress(base, owner, projectId, (e) => e.some(isList))).find(isList)!;
    expect(first.id).toMatch(/^[\w-]{8,}$/);
    // Reconnecting with that id: nothing new, so no list arrives.
    const quiet = await openProgress(base, owner, projectId, () => false, { lastEventId: first.id!, maxMs: 1500 });
    expect(quiet.filter(isList)).toEqual([]);
    // A change while reconnected arrives, with a new id.
    const resumed = openProgress(base, owner, projectId, (e) => e.some((x) => isList(x) && x.data.includes('avatars')), { lastEventId: first.id! });
    await new Promise((r) => setTimeout(r, 300));
    await startGeneration(t.app.core, ownerId, projectId, 'avatars', { id: projectId, combinedPrompt: 'A friendly presenter in a bright studio' });
    const next = (await resumed).filter(isList);
    expect(next).toHaveLength(1);
    expect(next[0]!.id).not.toBe(first.id);
  });
});
