import { appRouter } from '@reelsmith/api';
import { createApiKey, startGeneration, usageDay, waitForGenerationJob } from '@reelsmith/core';
import { testDatabaseKinds } from '@reelsmith/db/testing';
import { billingMessages, generationMessages, projectMessages } from '@reelsmith/shared';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { restRoutes, type RestRoute } from '../src/rest/rest-routes.ts';
import { trpcCall } from './support/trpc-call.ts';
import { buildTestApp, devSignIn, type TestApp } from './test-app.ts';

// Issue 13 item 2: every REST route and tRPC procedure that takes or serves a plan-governed value
// (reel time, quality, watermark, downloads, project count, daily cap) asks the one entitlement
// module in core. The table names each entry; each is proved over REST and over tRPC: refused with
// the spec's status and words and nothing stored or started, and accepted where the plan allows.
// Each refusal is proved once more over REST with the customer's API key (issue 18): a key is its browser.

const downloadLocked = 'Upgrade Required: Video downloads are not available on the Free plan';
const script =
  'Tired of dull skin every morning? Meet Glow Serum, the vitamin C boost your routine is missing. ' +
  'Two drops after cleansing, and your skin drinks it in within seconds. In a week my dark spots faded. ' +
  'It is fragrance free and gentle. Tap the link and glow with me.';
const scene = (n: number, text = `This is scene number ${n} of the reel.`) => ({ sceneId: `scene-${n}`, title: `Scene ${n}`, text, durationSeconds: 6, wordCount: text.split(' ').length });

/** Input fields whose values a plan governs; a route taking one must be in the table below. */
const governedField = /reel.?time|quality|watermark|download/i;

type Who = 'free' | 'paid';
interface Call {
  params: Record<string, string>;
  body: Record<string, unknown>;
}
interface Case {
  who: Who;
  /** Prepares the call (the project, the customer's usage) and answers it. */
  setup(): Promise<Call>;
}
interface RefusedCase extends Case {
  status: number;
  message: string;
}
interface AllowedCase extends Case {
  status: number;
  /** Checks what the accepted call stored or started. */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- open-ended JSON (Stripe objects, API answers) read field by field in tests
  check(answer: any, call: Call): Promise<void>;
}
interface Entry {
  route: string;
  procedure: string;
  governs: string;
  refused: RefusedCase;
  allowed: AllowedCase;
  /** What the refused call must not change (compared before and after). */
  sideEffects(call: Call): Promise<unknown>;
}

describe.each(testDatabaseKinds())('plan entitlements on %s', (kind) => {
  let t: TestApp;
  const cookies: Record<Who, string> = { free: '', paid: '' };
  const userIds: Record<Who, string> = { free: '', paid: '' };
  /** Each customer's API key (issue 18): a key meets exactly the refusals of its customer's browser. */
  const apiKeys: Record<Who, string> = { free: '', paid: '' };

  beforeAll(async () => {
    t = await buildTestApp(kind);
    cookies.free = await devSignIn(t.app, 'free-plan@example.com', 'Fran Free');
    cookies.paid = await devSignIn(t.app, 'paid-plan@example.com', 'Pat Paid');
    for (const who of ['free', 'paid'] as const) {
      userIds[who] = (await t.db.db.selectFrom('users').select('id').where('email', '=', `${who}-plan@example.com`).executeTakeFirstOrThrow()).id;
      apiKeys[who] = (await createApiKey(t.app.core, userIds[who], `${who} integration`)).key;
    }
    // Pro monthly: 55 s, HD, no watermark, downloads.
    const pro = await t.db.db.selectFrom('plans').select('id').where('code', '=', 'pro-monthly').executeTakeFirstOrThrow();
    await t.db.db.updateTable('subscriptions').set({ status: 'expired' }).where('user_id', '=', userIds.paid).execute();
    await t.db.db.insertInto('subscriptions').values({ user_id: userIds.paid, plan_id: pro.id, status: 'active', end_date: new Date(Date.now() + 30 * 86400_000) }).execute();
  });
  afterAll(async () => {
    await t.close();
  });

  // ——— Set-up helpers (the database directly, so the entry under test is the only route that runs) ———

  async function insertProject(who: Who, fields: { reelTime?: number; scenes?: object[]; assets?: object; currentStep?: number; status?: 'Draft' | 'Merged' } = {}): Promise<string> {
    const row = await t.db.db
      .insertInto('projects')
      .values({
        user_id: userIds[who],
        title: 'Entitlement check',
        reel_time: fields.reelTime ?? 20,
        scenes: JSON.stringify(fields.scenes ?? []),
        params: JSON.stringify({ aspect: '9:16' }),
        assets: JSON.stringify(fields.assets ?? {}),
        current_step: fields.currentStep ?? 1,
        ...(fields.status ? { status: fields.status } : {}),
        industry: null,
        last_error: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }
  async function storeVideo(projectId: string, name: string): Promise<string> {
    const key = `projects/${projectId}/video/${name}.mp4`;
    await t.app.core.storage.put(key, { buffer: Buffer.from(`not really a video: ${name}`) }, 'video/mp4');
    return `/media/${key}`;
  }
  async function setDocumentsUsed(who: Who, used: number): Promise<void> {
    await t.db.db.updateTable('subscriptions').set({ documents_used: used }).where('user_id', '=', userIds[who]).where('status', '=', 'active').execute();
  }
  async function setVideosToday(who: Who, videos: number): Promise<void> {
    const day = usageDay(t.clock.now());
    await t.db.db.deleteFrom('user_daily_usage').where('user_id', '=', userIds[who]).execute();
    if (videos > 0) await t.db.db.insertInto('user_daily_usage').values({ user_id: userIds[who], day, videos, projects: 0 }).execute();
  }
  /** The day's cap as the customer's plan reports it (the spec's 1000, or the back-office's lower setting). */
  const dailyLimit = async (): Promise<number> => (await rest('GET', '/api/subscription/current', 'paid')).json().dailyVideoLimit;
  async function setProjectLimit(limit: number | null): Promise<void> {
    await t.db.db.deleteFrom('system_settings').where('key', '=', 'general').execute();
    if (limit !== null) await t.db.db.insertInto('system_settings').values({ key: 'general', value: JSON.stringify({ maxProjectsPerUser: limit }) }).execute();
  }
  async function resetUsage(): Promise<void> {
    await setDocumentsUsed('free', 0);
    await setDocumentsUsed('paid', 0);
    await setVideosToday('free', 0);
    await setVideosToday('paid', 0);
    await setProjectLimit(null);
  }
  /** The paid period ends without renewal (the stored status still says active). */
  async function lapsePaidPlan(): Promise<void> {
    const now = t.clock.now().getTime();
    await t.db.db.updateTable('subscriptions').set({ start_date: new Date(now - 31 * 86400_000), end_date: new Date(now - 1000) }).where('user_id', '=', userIds.paid).where('status', '=', 'active').execute();
  }
  async function renewPaidPlan(): Promise<void> {
    await t.db.db.updateTable('subscriptions').set({ end_date: new Date(t.clock.now().getTime() + 30 * 86400_000) }).where('user_id', '=', userIds.paid).where('status', '=', 'active').execute();
  }
  const projectRow = (id: string) =>
    t.db.db.selectFrom('projects').select(['reel_time', 'scenes', 'assets', 'current_step', 'updated_at']).where('id', '=', id).executeTakeFirstOrThrow();
  const jobsOf = (id: string) => t.db.db.selectFrom('generation_jobs').select(['kind', 'status', 'input', 'result', 'error']).where('project_id', '=', id).orderBy('created_at').execute();
  const usageOf = async (who: Who) => ({
    documentsUsed: (await t.db.db.selectFrom('subscriptions').select('documents_used').where('user_id', '=', userIds[who]).where('status', '=', 'active').executeTakeFirstOrThrow()).documents_used,
    projects: (await t.db.db.selectFrom('projects').select('id').where('user_id', '=', userIds[who]).execute()).length,
  });

  /** A paid project with one short scene, its voice and an uploaded avatar: ready for the videos (made once). */
  let voiced: Promise<string> | undefined;
  function voicedPaidProject(): Promise<string> {
    voiced ??= (async () => {
      const id = await insertProject('paid', { reelTime: 30, scenes: [scene(1, 'Glow Serum makes mornings bright.')], currentStep: 2 });
      const image = await sharp({ create: { width: 360, height: 640, channels: 3, background: '#d58a3a' } }).png().toBuffer();
      const upload = await rest('POST', `/api/projects/${id}/upload-avatar`, 'paid', { image: `data:image/png;base64,${image.toString('base64')}`, filename: 'me.png', aspectRatio: '9:16' });
      expect(upload.statusCode).toBe(200);
      const voices = (await t.app.inject({ method: 'GET', url: '/api/voices' })).json();
      const voice = await rest('POST', `/api/projects/${id}/generate-voiceover`, 'paid', {
        voiceId: voices[0].id, language: 'en', sceneSpeedSettings: { 'scene-1': 1 }, duration: 30, oneVoiceForAll: true, changedScenesOnly: false,
      });
      expect(voice.statusCode).toBe(200);
      return id;
    })();
    return voiced;
  }

  // ——— Calls ———

  function rest(method: string, url: string, who: Who | null, payload?: object, withKey = false) {
    const headers = who === null ? {} : withKey ? { authorization: `Bearer ${apiKeys[who]}` } : { cookie: cookies[who] };
    return t.app.inject({ method: method as 'GET', url, headers, ...(payload ? { payload } : {}) });
  }
  const routeOf = (route: string): RestRoute => {
    const [method, path] = route.split(' ');
    const found = restRoutes.find((r) => r.method === method && r.path === path);
    if (!found) throw new Error(`no REST route ${route}`);
    return found;
  };
  /** Calls the entry over REST or tRPC; the tRPC input is what the REST shim builds, so both carry the same values. */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- open-ended JSON (Stripe objects, API answers) read field by field in tests
  async function call(entry: Entry, transport: 'rest' | 'trpc' | 'rest with an API key', who: Who, c: Call): Promise<{ status: number; error?: string; data?: any }> {
    const route = routeOf(entry.route);
    if (transport !== 'trpc') {
      const url = route.path.replace(/\{(\w+)\}/g, (_, name: string) => c.params[name]!);
      const res = await rest(route.method, url, who, route.method === 'GET' ? undefined : c.body, transport === 'rest with an API key');
      const json = res.json();
      return res.statusCode >= 400 ? { status: res.statusCode, error: json.error } : { status: res.statusCode, data: json };
    }
    const input = route.input?.({ params: c.params, query: {}, body: c.body });
    const type = (appRouter._def.procedures as unknown as Record<string, { _def: { type: 'query' | 'mutation' } }>)[entry.procedure]!._def.type;
    return trpcCall(t.app, type, entry.procedure, input, cookies[who]);
  }

  // ——— The table ———

  const entries: Entry[] = [
    {
      route: 'POST /api/projects',
      procedure: 'projects.create',
      governs: 'reel time',
      refused: { who: 'free', status: 402, message: projectMessages.reelTimeLocked(20), setup: async () => (await resetUsage(), { params: {}, body: { reelTime: 30 } }) },
      allowed: {
        who: 'paid', status: 201,
        setup: async () => (await resetUsage(), { params: {}, body: { reelTime: 55, title: 'Long paid reel' } }),
        check: async (answer) => expect((await projectRow(answer.id)).reel_time).toBe(55),
      },
      sideEffects: async () => usageOf('free'),
    },
    {
      route: 'POST /api/projects',
      procedure: 'projects.create',
      governs: 'video quota (Free: one video)',
      refused: { who: 'free', status: 402, message: billingMessages.freeLimit, setup: async () => (await resetUsage(), await setDocumentsUsed('free', 1), { params: {}, body: {} }) },
      allowed: {
        who: 'free', status: 201,
        setup: async () => (await resetUsage(), { params: {}, body: {} }),
        check: async (answer) => {
          expect((await projectRow(answer.id)).reel_time).toBe(20);
          await t.db.db.deleteFrom('projects').where('id', '=', answer.id).execute();
        },
      },
      sideEffects: async () => usageOf('free'),
    },
    {
      route: 'POST /api/projects',
      procedure: 'projects.create',
      governs: 'daily cap',
      refused: { who: 'paid', status: 429, message: billingMessages.dailyLimit, setup: async () => (await resetUsage(), await setVideosToday('paid', await dailyLimit()), { params: {}, body: {} }) },
      allowed: {
        who: 'paid', status: 201,
        setup: async () => (await resetUsage(), await setVideosToday('paid', (await dailyLimit()) - 1), { params: {}, body: {} }),
        check: async (answer) => expect(await projectRow(answer.id)).toBeDefined(),
      },
      sideEffects: async () => usageOf('paid'),
    },
    {
      route: 'POST /api/projects',
      procedure: 'projects.create',
      governs: 'project count',
      refused: {
        who: 'paid', status: 403, message: billingMessages.projectLimit,
        setup: async () => (await resetUsage(), await setProjectLimit((await usageOf('paid')).projects), { params: {}, body: {} }),
      },
      allowed: {
        who: 'paid', status: 201,
        setup: async () => (await resetUsage(), await setProjectLimit((await usageOf('paid')).projects + 1), { params: {}, body: {} }),
        check: async (answer) => expect(await projectRow(answer.id)).toBeDefined(),
      },
      sideEffects: async () => usageOf('paid'),
    },
    {
      route: 'PUT /api/projects/{id}',
      procedure: 'projects.update',
      governs: 'reel time',
      refused: { who: 'free', status: 402, message: projectMessages.reelTimeLocked(20), setup: async () => ({ params: { id: await insertProject('free') }, body: { reelTime: 45, currentStep: 2 } }) },
      allowed: {
        who: 'paid', status: 200,
        setup: async () => ({ params: { id: await insertProject('paid', { reelTime: 30 }) }, body: { reelTime: 45 } }),
        check: async (_answer, c) => expect((await projectRow(c.params.id!)).reel_time).toBe(45),
      },
      sideEffects: async (c) => projectRow(c.params.id!),
    },
    {
      route: 'PUT /api/projects/{id}',
      procedure: 'projects.update',
      governs: 'quality (the stored choice)',
      refused: { who: 'free', status: 402, message: generationMessages.hdLocked, setup: async () => ({ params: { id: await insertProject('free') }, body: { params: { video: { quality: 'high' } } } }) },
      allowed: {
        who: 'paid', status: 200,
        setup: async () => ({ params: { id: await insertProject('paid', { reelTime: 30 }) }, body: { params: { video: { quality: 'high' } } } }),
        check: async (_answer, c) => {
          const row = await t.db.db.selectFrom('projects').select('params').where('id', '=', c.params.id!).executeTakeFirstOrThrow();
          expect((row.params as { video?: { quality?: string } }).video?.quality).toBe('high');
        },
      },
      sideEffects: async (c) => t.db.db.selectFrom('projects').select(['params', 'updated_at']).where('id', '=', c.params.id!).executeTakeFirstOrThrow(),
    },
    {
      route: 'POST /api/projects/{id}/generate-scenes',
      procedure: 'generation.generateScenes',
      governs: 'reel time',
      refused: { who: 'free', status: 402, message: projectMessages.reelTimeLocked(20), setup: async () => ({ params: { id: await insertProject('free') }, body: { script, reelTime: 45 } }) },
      allowed: {
        who: 'paid', status: 200,
        setup: async () => ({ params: { id: await insertProject('paid', { reelTime: 20 }) }, body: { script, reelTime: 30 } }),
        check: async (answer, c) => {
          const row = await projectRow(c.params.id!);
          expect(row.reel_time).toBe(30);
          expect(row.scenes).toHaveLength(3);
          expect(answer.project.reelTime).toBe(30);
        },
      },
      sideEffects: async (c) => projectRow(c.params.id!),
    },
    {
      route: 'POST /api/projects/{id}/regenerate-scene',
      procedure: 'generation.regenerateScene',
      governs: 'reel time',
      refused: {
        who: 'free', status: 402, message: projectMessages.reelTimeLocked(20),
        setup: async () => ({ params: { id: await insertProject('free', { scenes: [scene(1), scene(2), scene(3)] }) }, body: { sceneIndex: 1, regenerateAll: false, reelTime: 45, script } }),
      },
      allowed: {
        who: 'paid', status: 200,
        setup: async () => ({ params: { id: await insertProject('paid', { reelTime: 30, scenes: [scene(1), scene(2), scene(3)] }) }, body: { sceneIndex: 1, regenerateAll: false, reelTime: 45, script } }),
        check: async (answer, c) => {
          expect((await projectRow(c.params.id!)).reel_time).toBe(45);
          expect(answer.message).toBe('Scene 2 regenerated');
        },
      },
      sideEffects: async (c) => projectRow(c.params.id!),
    },
    {
      route: 'POST /api/projects/{id}/generate-omni-videos',
      procedure: 'generation.generateVideos',
      governs: 'quality and watermark',
      refused: {
        who: 'free', status: 402, message: generationMessages.hdLocked,
        setup: async () => (await resetUsage(), { params: { id: await insertProject('free', { scenes: [scene(1)], currentStep: 5 }) }, body: { quality: 'high' } }),
      },
      allowed: {
        who: 'paid', status: 200,
        setup: async () => (await resetUsage(), { params: { id: await voicedPaidProject() }, body: { quality: 'high' } }),
        check: async (answer, c) => {
          expect(Object.keys(answer.videos)).toEqual(['scene-1']);
          const rendered = (await jobsOf(c.params.id!)).filter((j) => j.kind === 'videos').at(-1)!;
          // HD and unmarked on Pro, recorded by the job itself.
          expect(rendered).toMatchObject({ status: 'succeeded', input: { quality: 'high', watermark: false }, result: { quality: 'high', watermark: false } });
        },
      },
      sideEffects: async (c) => ({ jobs: await jobsOf(c.params.id!), project: await projectRow(c.params.id!), usage: await usageOf('free') }),
    },
    {
      route: 'POST /api/projects/{id}/create-final-video',
      procedure: 'generation.createFinalVideo',
      governs: 'reel time of what is merged',
      refused: {
        // A Free project that got a 45 s reel time stored before the check existed.
        who: 'free', status: 402, message: projectMessages.reelTimeLocked(20),
        setup: async () => {
          const id = await insertProject('free', { reelTime: 45, scenes: [scene(1)], currentStep: 6 });
          const video = await storeVideo(id, 'scene-1');
          await t.db.db.updateTable('projects').set({ assets: JSON.stringify({ video_generated: { 'scene-1': video } }) }).where('id', '=', id).execute();
          return { params: { id }, body: { transition: 'none' } };
        },
      },
      allowed: {
        who: 'paid', status: 200,
        setup: async () => {
          const id = await voicedPaidProject();
          if (!(await projectRow(id)).assets.video_generated) expect((await rest('POST', `/api/projects/${id}/generate-omni-videos`, 'paid', { quality: 'high' })).statusCode).toBe(200);
          return { params: { id }, body: { transition: 'none' } };
        },
        check: async (answer) => expect(answer.assets.final).toMatchObject({ type: 'single', url: expect.stringMatching(/^\/media\/projects\/.+\.mp4$/) }),
      },
      sideEffects: async (c) => ({ jobs: await jobsOf(c.params.id!), project: await projectRow(c.params.id!) }),
    },
  ];

  /** Entries that serve a plan-governed value rather than take one (proved in their own tests below). */
  const servingEntries = [
    { route: 'GET /api/share/{shortId}', procedure: 'sharing.get', governs: 'downloads offered on the share page' },
    { route: 'GET /media/* ?download', procedure: null, governs: 'scene, final and share-page downloads' },
  ];

  it('names every REST route whose input carries a plan-governed value', () => {
    const named = new Set(entries.map((e) => e.route));
    const carrying = restRoutes.filter((r) => {
      const procedure = (appRouter._def.procedures as unknown as Record<string, { _def: { inputs: unknown[] } }>)[r.procedure];
      return procedure?._def.inputs.some((schema) => fieldNames(schema).some((name) => governedField.test(name)));
    });
    expect(carrying.length).toBeGreaterThan(0);
    const missing = carrying.map((r) => `${r.method} ${r.path}`).filter((route) => !named.has(route));
    expect(missing, 'routes taking reel time, quality, watermark or download without an entitlement row').toEqual([]);
    // Every row names a real route and the procedure that serves it.
    for (const e of entries) expect(routeOf(e.route).procedure).toBe(e.procedure);
    expect(restRoutes.find((r) => r.path === '/api/share/{shortId}')?.procedure).toBe(servingEntries[0]!.procedure);
  });

  describe.each(entries.flatMap((entry) => (['rest', 'trpc'] as const).map((transport) => ({ entry, transport, name: `${entry.route} (${entry.procedure}, ${entry.governs}) over ${transport}` }))))(
    '$name',
    ({ entry, transport }) => {
      it(`refuses ${entry.refused.who === 'free' ? 'the Free plan' : 'past the limit'} with the spec's words, storing and starting nothing`, async () => {
        const c = await entry.refused.setup();
        const before = await entry.sideEffects(c);
        const answer = await call(entry, transport, entry.refused.who, c);
        expect(answer.status).toBe(entry.refused.status);
        expect(answer.error).toBe(entry.refused.message);
        expect(await entry.sideEffects(c)).toEqual(before);
      });

      it(`accepts ${entry.allowed.who === 'paid' ? 'a paid plan' : 'within the limit'}`, async () => {
        const c = await entry.allowed.setup();
        const answer = await call(entry, transport, entry.allowed.who, c);
        expect(answer.error).toBeUndefined();
        if (transport === 'rest') expect(answer.status).toBe(entry.allowed.status);
        await entry.allowed.check(answer.data, c);
      }, 180_000);
    },
  );

  // An API key is its customer's browser for every plan rule: each refusal again, over REST with the key.
  describe.each(entries.map((entry) => ({ entry, name: `${entry.route} (${entry.procedure}, ${entry.governs}) over REST with an API key` })))('$name', ({ entry }) => {
    it(`refuses ${entry.refused.who === 'free' ? 'the Free plan' : 'past the limit'} with the same words as the browser, storing and starting nothing`, async () => {
      const c = await entry.refused.setup();
      const before = await entry.sideEffects(c);
      const answer = await call(entry, 'rest with an API key', entry.refused.who, c);
      expect(answer.status).toBe(entry.refused.status);
      expect(answer.error).toBe(entry.refused.message);
      expect(await entry.sideEffects(c)).toEqual(before);
    });
  });

  it('a videos job queued under a plan since lapsed renders neither HD nor unmarked: the job asks the plan again', async () => {
    const id = await voicedPaidProject();
    await t.db.db.updateTable('projects').set({ assets: JSON.stringify({ ...(await projectRow(id)).assets, video_generated: undefined }) }).where('id', '=', id).execute();
    const before = (await projectRow(id)).assets;
    // The subscription lapses between the check and the job: the stored input still says HD, unmarked.
    await lapsePaidPlan();
    try {
      const job = await startGeneration(t.app.core, userIds.paid, id, 'videos', { quality: 'high', watermark: false });
      const done = await waitForGenerationJob(t.app.core, job, 60_000);
      expect(done.status).toBe('dead');
      expect(done.error).toBe(generationMessages.hdLocked);
      expect((await projectRow(id)).assets).toEqual(before);
      // Asked for standard, the job marks it with the Free watermark whatever the input says.
      const standard = await startGeneration(t.app.core, userIds.paid, id, 'videos', { quality: 'standard', watermark: false });
      expect((await waitForGenerationJob(t.app.core, standard, 120_000)).status).toBe('succeeded');
      expect((await jobsOf(id)).at(-1)).toMatchObject({ status: 'succeeded', result: { quality: 'standard', watermark: true } });
    } finally {
      await renewPaidPlan();
    }
  }, 240_000);

  it('merging HD scene videos after the plan lapsed is refused (HD Quality Locked), request and job alike', async () => {
    const id = await voicedPaidProject();
    const hd = await rest('POST', `/api/projects/${id}/generate-omni-videos`, 'paid', { quality: 'high' });
    expect(hd.statusCode).toBe(200);
    // Within Free's 20 s, so the quality is what is refused.
    await t.db.db.updateTable('projects').set({ reel_time: 20 }).where('id', '=', id).execute();
    await lapsePaidPlan();
    try {
      const before = { jobs: await jobsOf(id), project: await projectRow(id) };
      const merge = await rest('POST', `/api/projects/${id}/create-final-video`, 'paid', { transition: 'fade' });
      expect(merge.statusCode).toBe(402);
      expect(merge.json().error).toBe(generationMessages.hdLocked);
      expect({ jobs: await jobsOf(id), project: await projectRow(id) }).toEqual(before);
      // A merge job queued before the lapse is refused by the job too.
      const job = await startGeneration(t.app.core, userIds.paid, id, 'final', { transition: 'fade' });
      const done = await waitForGenerationJob(t.app.core, job, 60_000);
      expect(done).toMatchObject({ status: 'dead', error: generationMessages.hdLocked });
      expect((await projectRow(id)).assets.final).toEqual(before.project.assets.final);
    } finally {
      await renewPaidPlan();
    }
  }, 240_000);

  describe(`${servingEntries.map((e) => e.route).join(', ')}: downloads follow the owner's plan`, () => {
    /** A finished, shared project of the owner with a stored final video and one scene video. */
    async function sharedProject(who: Who) {
      const id = await insertProject(who, { scenes: [scene(1)], currentStep: 6, status: 'Merged' });
      const sceneVideo = await storeVideo(id, 'scene-1');
      const finalVideo = await storeVideo(id, 'final');
      await t.db.db
        .updateTable('projects')
        .set({ assets: JSON.stringify({ video_generated: { 'scene-1': sceneVideo }, final: { type: 'single', url: finalVideo, mergedAt: new Date().toISOString() } }) })
        .where('id', '=', id)
        .execute();
      const share = await rest('POST', `/api/projects/${id}/share`, who);
      expect(share.statusCode).toBe(200);
      return { id, shortId: share.json().shortId as string, sceneVideo, finalVideo };
    }

    for (const transport of ['rest', 'trpc'] as const) {
      it(`sharing.get over ${transport} offers no download for a Free owner and offers it for a paid one`, async () => {
        for (const who of ['free', 'paid'] as const) {
          const { shortId, finalVideo } = await sharedProject(who);
          const answer = transport === 'rest' ? (await rest('GET', `/api/share/${shortId}`, null)).json() : (await trpcCall(t.app, 'query', 'sharing.get', { shortId }, { bearer: null })).data;
          expect(answer.project.finalVideo).toEqual({ type: 'single', url: finalVideo, videos: [], durationSeconds: null, captionsUrl: null });
          expect(answer.project.allowDownload).toBe(who === 'paid');
          // No download link of any kind for the Free owner's share.
          if (who === 'free') expect(JSON.stringify(answer)).not.toMatch(/[?&]download/);
        }
      });
    }

    it("a Free owner's video plays inline for anyone and is never served as an attachment, to the owner or a visitor", async () => {
      const { sceneVideo, finalVideo } = await sharedProject('free');
      for (const [url, who] of [[finalVideo, null], [finalVideo, 'free'], [sceneVideo, 'free']] as const) {
        const played = await rest('GET', url, who);
        expect(played.statusCode).toBe(200);
        // Inline: no attachment header (a filename would also override the page's download name).
        expect(played.headers['content-disposition']).toBeUndefined();
        for (const query of ['?download', '?download=1']) {
          const asked = await rest('GET', `${url}${query}`, who);
          expect(asked.statusCode).toBe(403);
          expect(asked.json()).toMatchObject({ error: downloadLocked, reason: 'download' });
          expect(asked.headers['content-disposition']).toBeUndefined();
          expect(asked.body).not.toContain('not really a video');
        }
      }
      // A visitor cannot reach the scene videos of a share at all (only the final video and poster are public).
      expect((await rest('GET', `${sceneVideo}?download`, null)).statusCode).toBe(404);
    });

    it("a paid owner's final video downloads as an attachment, for the owner and a visitor; scene videos for the owner", async () => {
      const { sceneVideo, finalVideo } = await sharedProject('paid');
      for (const [url, who] of [[finalVideo, null], [finalVideo, 'paid'], [sceneVideo, 'paid']] as const) {
        const res = await rest('GET', `${url}?download=1`, who);
        expect(res.statusCode).toBe(200);
        // Saved under the project's title (insertProject's 'Entitlement check'), not the stored file's name.
        expect(res.headers['content-disposition']).toBe(`attachment; filename="Entitlement check.mp4"; filename*=UTF-8''Entitlement%20check.mp4`);
        expect(res.body).toContain('not really a video');
      }
    });

    it('a paid owner whose plan lapsed falls back to Free: the share page and the media stop offering downloads', async () => {
      const { shortId, finalVideo } = await sharedProject('paid');
      await lapsePaidPlan();
      try {
        expect((await rest('GET', `/api/share/${shortId}`, null)).json().project.allowDownload).toBe(false);
        const res = await rest('GET', `${finalVideo}?download=1`, null);
        expect(res.statusCode).toBe(403);
        expect(res.json()).toMatchObject({ error: downloadLocked, reason: 'download' });
      } finally {
        await renewPaidPlan();
      }
    });
  });
});

/** The field names of a zod (v4) schema, walking objects, wrappers, arrays, unions and records. */
function fieldNames(schema: unknown, seen = new Set<unknown>()): string[] {
  if (!schema || typeof schema !== 'object' || seen.has(schema)) return [];
  seen.add(schema);
  const def = (schema as { _zod?: { def?: Record<string, unknown> } })._zod?.def;
  if (!def) return [];
  const names: string[] = [];
  if (def.type === 'object') {
    for (const [name, child] of Object.entries(def.shape as Record<string, unknown>)) names.push(name, ...fieldNames(child, seen));
  }
  for (const key of ['innerType', 'in', 'out', 'element', 'valueType', 'schema']) names.push(...fieldNames(def[key], seen));
  if (Array.isArray(def.options)) for (const option of def.options) names.push(...fieldNames(option, seen));
  return names;
}
