import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { sql } from 'kysely';
import sharp from 'sharp';
import superjson from 'superjson';
import { testDatabaseKinds } from '@reelsmith/db/testing';
import { billingMessages, MAX_UPLOADED_AVATARS, projectAssetsSchema, type ProjectAssets } from '@reelsmith/shared';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, devSignIn, type TestApp, listenOnLoopback } from './test-app.ts';

const PARALLEL = 25;
const tooManyUploads = `You can keep at most ${MAX_UPLOADED_AVATARS} uploaded avatars. Remove one first.`;

interface Answer {
  status: number;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- open-ended JSON (Stripe objects, API answers) read field by field in tests
  body: any;
}

/** A small PNG of its own colour: distinct images, distinct content hashes, distinct upload keys. */
async function distinctPng(i: number): Promise<string> {
  const png = await sharp({ create: { width: 24, height: 24, channels: 3, background: { r: (i * 37) % 256, g: (i * 91) % 256, b: 40 + i } } })
    .png()
    .toBuffer();
  return `data:image/png;base64,${png.toString('base64')}`;
}

// Every project write path called in parallel over real sockets (one connection per call), as
// tabs and scripts do: each effect within the limits is kept, each limit is exact, nothing already
// stored is lost, and nothing answers 5xx.
describe.each(testDatabaseKinds())('parallel project writes on %s', (kind) => {
  let t: TestApp;
  let base: string;
  let cookie: string;
  let userId: string;
  beforeAll(async () => {
    t = await buildTestApp(kind, { PUBLIC_URL: 'http://127.0.0.1:3999' });
    base = await listenOnLoopback(t.app);
  });
  afterAll(async () => {
    await t.close();
  });
  beforeEach(async () => {
    await t.db.reset();
    cookie = await devSignIn(t.app, 'crowd-owner@example.com', 'Crowd Owner');
    userId = (await t.db.db.selectFrom('users').select('id').where('email', '=', 'crowd-owner@example.com').executeTakeFirstOrThrow()).id;
  });

  async function call(method: string, path: string, body?: unknown): Promise<Answer> {
    const headers: Record<string, string> = { connection: 'close', cookie };
    if (body !== undefined) headers['content-type'] = 'application/json';
    const res = await fetch(`${base}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    const text = await res.text();
    try {
      return { status: res.status, body: JSON.parse(text) };
    } catch {
      return { status: res.status, body: { text } };
    }
  }
  /** A tRPC mutation as the browser sends it (superjson), answering the data or the error message. */
  async function trpc(path: string, input: unknown): Promise<Answer> {
    const res = await fetch(`${base}/trpc/${path}`, {
      method: 'POST',
      headers: { connection: 'close', cookie, 'content-type': 'application/json' },
      body: JSON.stringify(superjson.serialize(input)),
    });
    const parsed = (await res.json()) as { result?: { data: never }; error?: { json: { message: string } } };
    if (parsed.error) return { status: res.status, body: { error: parsed.error.json.message } };
    return { status: res.status, body: superjson.deserialize(parsed.result!.data) };
  }
  const times = <T>(fn: (i: number) => Promise<T>) => Promise.all(Array.from({ length: PARALLEL }, (_, i) => fn(i)));
  const no5xx = (answers: Answer[]) => expect(answers.filter((a) => a.status >= 500).map((a) => a.body)).toEqual([]);
  const statuses = (answers: Answer[]) => answers.map((a) => a.status).sort();

  async function setPlan(code: string, documentsUsed = 0) {
    const plan = await t.db.db.selectFrom('plans').select('id').where('code', '=', code).executeTakeFirstOrThrow();
    await t.db.db.updateTable('subscriptions').set({ status: 'expired' }).where('user_id', '=', userId).execute();
    await t.db.db
      .insertInto('subscriptions')
      .values({ user_id: userId, plan_id: plan.id, status: 'active', documents_used: documentsUsed, end_date: new Date(Date.now() + 30 * 86400_000) })
      .execute();
  }

  const setGeneral = (key: 'maxVideosPerDay' | 'maxProjectsPerUser', value: number) =>
    t.db.db
      .updateTable('system_settings')
      .set({ value: sql`jsonb_set(value, ${`{${key}}`}::text[], ${String(value)}::jsonb)` })
      .where('key', '=', 'general')
      .execute();

  /** A project with a voiceover, a scene video and a final video already stored (as the jobs leave them). */
  async function finishedProject(extra: Partial<ProjectAssets> = {}) {
    const created = await call('POST', '/api/projects', {});
    expect(created.status).toBe(201);
    const id = created.body.id as string;
    const media = (name: string) => `/media/projects/${id}/${name}`;
    const scenes = [{ sceneId: 's1', title: 'Hook', text: 'A first scene that stays.', durationSeconds: 5, wordCount: 5 }];
    const assets: ProjectAssets = {
      voiceover: { s1: media('voice/s1.mp3') },
      video_generated: { s1: media('videos/s1.mp4') },
      video_synced: { s1: media('videos/s1-synced.mp4') },
      video_durations: { s1: 5.2 },
      final: { type: 'single', url: media('final/final.mp4'), posterUrl: media('final/poster.jpg') },
      ...extra,
    };
    const params = { script: 'The script that stays.', voiceover: { voiceId: 'voice-1' } };
    await t.db.db
      .updateTable('projects')
      .set({ scenes: JSON.stringify(scenes), assets: JSON.stringify(assets), params: JSON.stringify(params), current_step: 5, status: 'Merged' })
      .where('id', '=', id)
      .execute();
    return { id, media, scenes, assets, params };
  }
  const stored = async (id: string) => {
    const row = await t.db.db.selectFrom('projects').select(['scenes', 'assets', 'params', 'status']).where('id', '=', id).executeTakeFirstOrThrow();
    return row as unknown as { scenes: unknown[]; assets: ProjectAssets; params: Record<string, unknown>; status: string };
  };
  const keptMedia = (assets: ProjectAssets) => ({
    voiceover: assets.voiceover,
    video_generated: assets.video_generated,
    video_synced: assets.video_synced,
    video_durations: assets.video_durations,
    final: assets.final,
  });

  it('parallel avatar uploads past the cap keep exactly 12, refuse the rest, store no refused file and lose nothing else', async () => {
    const seeded = await finishedProject();
    const images = await Promise.all(Array.from({ length: PARALLEL }, (_, i) => distinctPng(i)));
    // Most through REST, every fifth through the tRPC procedure: one cap for both.
    const answers = await times((i) =>
      i % 5 === 4
        ? trpc('generation.uploadAvatar', { id: seeded.id, image: images[i], filename: `me-${i}.png` })
        : call('POST', `/api/projects/${seeded.id}/upload-avatar`, { image: images[i], filename: `me-${i}.png` }),
    );
    no5xx(answers);
    const kept = answers.filter((a) => a.status === 200);
    const refused = answers.filter((a) => a.status !== 200);
    expect(kept).toHaveLength(MAX_UPLOADED_AVATARS);
    expect(refused.map((a) => [a.status, a.body.error])).toEqual(Array(PARALLEL - MAX_UPLOADED_AVATARS).fill([400, tooManyUploads]));

    const after = await stored(seeded.id);
    expect(projectAssetsSchema.safeParse(after.assets).success).toBe(true);
    const keptUrls = kept.map((a) => a.body.url as string);
    expect(new Set(keptUrls).size).toBe(MAX_UPLOADED_AVATARS);
    expect([...(after.assets.avatar?.uploaded ?? [])].sort()).toEqual([...keptUrls].sort());
    expect(keptUrls).toContain(after.assets.avatar?.selected);
    expect(keptMedia(after.assets)).toEqual(keptMedia(seeded.assets));
    expect(after.scenes).toEqual(seeded.scenes);
    expect(after.params).toMatchObject(seeded.params);
    // Only the kept pictures are on disk.
    const files = await readdir(join(t.config.dataDir, 'media', 'projects', seeded.id, 'uploads'));
    expect(files.map((f) => `/media/projects/${seeded.id}/uploads/${f}`).sort()).toEqual([...keptUrls].sort());

    // The next write starts from everything that was stored.
    const next = await call('PATCH', `/api/projects/${seeded.id}`, { selectedAvatar: keptUrls[0] });
    expect(next.status).toBe(200);
    expect(keptMedia(next.body.assets)).toEqual(keptMedia(seeded.assets));
    expect(next.body.assets.avatar.uploaded).toHaveLength(MAX_UPLOADED_AVATARS);
  });

  it('parallel avatar selections and upload-list edits (REST and tRPC) each apply whole, and keep the rest of the project', async () => {
    const project = await finishedProject();
    const withUploads = Array.from({ length: MAX_UPLOADED_AVATARS }, (_, i) => project.media(`uploads/seeded-${i}.png`));
    const before = await stored(project.id);
    await t.db.db
      .updateTable('projects')
      .set({ assets: JSON.stringify({ ...before.assets, avatar: { uploaded: withUploads, selected: withUploads[0] } }) })
      .where('id', '=', project.id)
      .execute();
    const lists = withUploads.map((_, drop) => withUploads.filter((__, j) => j !== drop));
    const answers = await times((i) => {
      if (i % 3 === 0) return call('PATCH', `/api/projects/${project.id}`, { assets: { avatar: { uploaded: lists[i % lists.length] } } });
      if (i % 3 === 1) return call('PATCH', `/api/projects/${project.id}`, { selectedAvatar: withUploads[i % withUploads.length] });
      return trpc('projects.patch', { id: project.id, selectedAvatar: withUploads[i % withUploads.length] });
    });
    no5xx(answers);
    expect(statuses(answers)).toEqual(Array(PARALLEL).fill(200));
    const after = await stored(project.id);
    expect(projectAssetsSchema.safeParse(after.assets).success).toBe(true);
    // The list is one of the lists sent, whole; the selection is one of the pictures (or cleared when its upload was removed).
    expect(lists).toContainEqual(after.assets.avatar?.uploaded);
    const selected = after.assets.avatar?.selected;
    if (selected !== null) expect(withUploads).toContain(selected);
    expect(keptMedia(after.assets)).toEqual(keptMedia(project.assets));
    expect(after.scenes).toEqual(project.scenes);
    expect(after.params).toEqual(project.params);
  });

  it('parallel scene and param saves (PUT, REST and tRPC) keep every field some save set, and the media', async () => {
    const project = await finishedProject();
    const scenesFor = (i: number) => [
      { sceneId: 's1', title: `Hook ${i}`, text: `Scene one, version ${i}.`, durationSeconds: 5, wordCount: 4 },
      { sceneId: 's2', title: `Body ${i}`, text: `Scene two, version ${i}.`, durationSeconds: 6, wordCount: 4 },
    ];
    const bodies = Array.from({ length: PARALLEL }, (_, i) => {
      switch (i % 5) {
        case 0:
          return { scenes: scenesFor(i) };
        case 1:
          return { params: { script: `Script ${i}` } };
        case 2:
          return { params: { avatar: { combinedPrompt: `Prompt ${i}` } } };
        case 3:
          return { params: { video: { quality: 'standard' as const } } };
        default:
          return { params: { final: { transition: 'fade' as const } }, title: `Title ${i}` };
      }
    });
    const answers = await times((i) => (i % 2 === 0 ? call('PUT', `/api/projects/${project.id}`, bodies[i]) : trpc('projects.update', { id: project.id, ...bodies[i] })));
    no5xx(answers);
    expect(statuses(answers)).toEqual(Array(PARALLEL).fill(200));
    const after = await stored(project.id);
    expect(Array.from({ length: PARALLEL }, (_, i) => (i % 5 === 0 ? scenesFor(i) : null)).filter(Boolean)).toContainEqual(after.scenes);
    expect(Array.from({ length: PARALLEL }, (_, i) => `Script ${i}`).filter((_, i) => i % 5 === 1)).toContain(after.params.script);
    expect(Array.from({ length: PARALLEL }, (_, i) => `Prompt ${i}`).filter((_, i) => i % 5 === 2)).toContain((after.params.avatar as { combinedPrompt: string }).combinedPrompt);
    expect(after.params).toMatchObject({ voiceover: { voiceId: 'voice-1' }, video: { quality: 'standard' }, final: { transition: 'fade' } });
    expect(keptMedia(after.assets)).toEqual(keptMedia(project.assets));
  });

  it('parallel failed scene generations beside param saves keep one of their scripts, every saved param, the scenes and the media', async () => {
    const project = await finishedProject();
    // Too much speech for a 20-second reel: the scene writer refuses each one, as a customer's long script.
    const tooLong = (i: number) => `Version ${i} of a script. ${'This sentence has exactly eight words in it. '.repeat(10)}`;
    const answers = await times((i) =>
      i % 2 === 0
        ? call('POST', `/api/projects/${project.id}/generate-scenes`, { script: tooLong(i), reelTime: 20 })
        : call('PUT', `/api/projects/${project.id}`, { params: { avatar: { combinedPrompt: `Prompt ${i}` } } }),
    );
    no5xx(answers);
    answers.forEach((answer, i) => {
      if (i % 2 === 0) {
        expect(answer.status).toBe(422);
        expect(String(answer.body.error)).toMatch(/^Scene validation failed: this script needs about \d+ seconds of speech/);
      } else expect(answer.status).toBe(200);
    });
    const after = await stored(project.id);
    expect(Array.from({ length: PARALLEL }, (_, i) => tooLong(i)).filter((_, i) => i % 2 === 0)).toContain(after.params.script);
    expect(Array.from({ length: PARALLEL }, (_, i) => `Prompt ${i}`).filter((_, i) => i % 2 === 1)).toContain((after.params.avatar as { combinedPrompt: string }).combinedPrompt);
    expect(after.params.voiceover).toEqual({ voiceId: 'voice-1' });
    expect(after.scenes).toEqual(project.scenes);
    expect(after.status).toBe('Merged');
    expect(keptMedia(after.assets)).toEqual(keptMedia(project.assets));
  });

  it('a mixed crowd of uploads, selections and saves on one project loses none of its media', async () => {
    const project = await finishedProject();
    const images = await Promise.all(Array.from({ length: PARALLEL }, (_, i) => distinctPng(100 + i)));
    const answers = await times((i) => {
      if (i % 3 === 0) return call('POST', `/api/projects/${project.id}/upload-avatar`, { image: images[i], filename: `mix-${i}.png` });
      if (i % 3 === 1) return call('PUT', `/api/projects/${project.id}`, { params: { script: `Mixed ${i}` } });
      return call('PATCH', `/api/projects/${project.id}`, { aspect: '9:16' });
    });
    no5xx(answers);
    expect(statuses(answers)).toEqual(Array(PARALLEL).fill(200));
    const after = await stored(project.id);
    expect(keptMedia(after.assets)).toEqual(keptMedia(project.assets));
    expect(after.assets.avatar?.uploaded).toHaveLength(Math.ceil(PARALLEL / 3));
    expect(after.scenes).toEqual(project.scenes);
    expect(after.status).toBe('Merged');
  });

  it('a voiceover job finishing amid parallel uploads and saves keeps its result and theirs', async () => {
    const project = await finishedProject();
    // Scenes waiting for their voice: no media yet but the references under test.
    await t.db.db
      .updateTable('projects')
      .set({ assets: JSON.stringify({ final: null, video_durations: {} }), current_step: 2, status: 'Draft' })
      .where('id', '=', project.id)
      .execute();
    const voices = (await call('GET', '/api/voices')).body as { id: string }[];
    const images = await Promise.all(Array.from({ length: MAX_UPLOADED_AVATARS }, (_, i) => distinctPng(200 + i)));
    const answers = await times((i) => {
      if (i === 0) return call('POST', `/api/projects/${project.id}/generate-voiceover`, { voiceId: voices[0]!.id, sceneSpeedSettings: {} });
      if (i <= MAX_UPLOADED_AVATARS) return call('POST', `/api/projects/${project.id}/upload-avatar`, { image: images[i - 1], filename: `job-${i}.png` });
      return call('PUT', `/api/projects/${project.id}`, { params: { script: `During the job ${i}` } });
    });
    no5xx(answers);
    expect(statuses(answers)).toEqual(Array(PARALLEL).fill(200));
    expect(answers[0]!.body.job).toMatchObject({ kind: 'voiceover', status: 'succeeded' });
    const after = await stored(project.id);
    expect(Object.keys(after.assets.voiceover ?? {})).toEqual(['s1']);
    expect([...(after.assets.avatar?.uploaded ?? [])].sort()).toEqual(answers.slice(1, MAX_UPLOADED_AVATARS + 1).map((a) => a.body.url as string).sort());
    expect(after.params.script).toMatch(/^During the job \d+$/);
    expect(after.params.voiceover).toMatchObject({ voiceId: voices[0]!.id });
  });

  it('parallel project creation on Free makes exactly one project', async () => {
    const answers = await times((i) => (i % 5 === 4 ? trpc('projects.create', { title: `Crowd ${i}` }) : call('POST', '/api/projects', { title: `Crowd ${i}` })));
    no5xx(answers);
    expect(answers.filter((a) => a.status === 201 || a.status === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 402).map((a) => a.body.error)).toEqual(Array(PARALLEL - 1).fill(billingMessages.freeLimit));
    expect(await t.db.db.selectFrom('projects').select('id').where('user_id', '=', userId).execute()).toHaveLength(1);
    const sub = await t.db.db.selectFrom('subscriptions').select('documents_used').where('user_id', '=', userId).where('status', '=', 'active').executeTakeFirstOrThrow();
    expect(sub.documents_used).toBe(1);
  });

  it("parallel project creation stops exactly at a paid plan's quota, at the daily cap and at the project limit", async () => {
    // Starter: 10 videos a period; 6 already used leaves 4.
    await setPlan('starter-monthly', 6);
    const quota = await times(() => call('POST', '/api/projects', {}));
    no5xx(quota);
    expect(quota.filter((a) => a.status === 201)).toHaveLength(4);
    expect(quota.filter((a) => a.status !== 201).map((a) => [a.status, a.body.error])).toEqual(Array(PARALLEL - 4).fill([402, billingMessages.quota]));
    const starter = await t.db.db.selectFrom('subscriptions').select('documents_used').where('user_id', '=', userId).where('status', '=', 'active').executeTakeFirstOrThrow();
    expect(starter.documents_used).toBe(10);

    // Business has no quota: the day's cap (7 here, 4 already made today) is the limit.
    await setPlan('business-monthly');
    await setGeneral('maxVideosPerDay', 7);
    const daily = await times(() => call('POST', '/api/projects', {}));
    no5xx(daily);
    expect(daily.filter((a) => a.status === 201)).toHaveLength(3);
    expect(daily.filter((a) => a.status !== 201).map((a) => [a.status, a.body.error])).toEqual(Array(PARALLEL - 3).fill([429, billingMessages.dailyLimit]));

    // Then the number of projects a customer may keep (9 here, 7 kept).
    await setGeneral('maxVideosPerDay', 1000);
    await setGeneral('maxProjectsPerUser', 9);
    const kept = await times(() => call('POST', '/api/projects', {}));
    no5xx(kept);
    expect(kept.filter((a) => a.status === 201)).toHaveLength(2);
    expect(kept.filter((a) => a.status !== 201).map((a) => [a.status, a.body.error])).toEqual(Array(PARALLEL - 2).fill([403, billingMessages.projectLimit]));
    expect(await t.db.db.selectFrom('projects').select('id').where('user_id', '=', userId).execute()).toHaveLength(9);
    const usage = await t.db.db.selectFrom('user_daily_usage').select(['videos', 'projects']).where('user_id', '=', userId).execute();
    expect(usage).toEqual([{ videos: 9, projects: 9 }]);
  });

  it('parallel share requests make one share, and parallel views from one viewer count once', async () => {
    const project = await finishedProject();
    const answers = await times((i) => (i % 5 === 4 ? trpc('sharing.create', { id: project.id }) : call('POST', `/api/projects/${project.id}/share`)));
    no5xx(answers);
    expect(statuses(answers)).toEqual(Array(PARALLEL).fill(200));
    const shortIds = new Set(answers.map((a) => a.body.shortId));
    expect(shortIds.size).toBe(1);
    const shares = await t.db.db.selectFrom('shares').select('short_id').where('project_id', '=', project.id).execute();
    expect(shares.map((s) => s.short_id)).toEqual([...shortIds]);
    const views = await times(() => call('PUT', `/api/share/${shares[0]!.short_id}/view`));
    no5xx(views);
    expect(views.filter((v) => v.status === 200 && v.body.counted)).toHaveLength(1);
    expect((await t.db.db.selectFrom('shares').select('views').where('project_id', '=', project.id).executeTakeFirstOrThrow()).views).toBe(1);
  });

  it('parallel deletes of one project remove it once and answer not-found to the rest', async () => {
    const project = await finishedProject();
    const answers = await times(() => call('DELETE', `/api/projects/${project.id}`));
    no5xx(answers);
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(new Set(answers.filter((a) => a.status !== 200).map((a) => a.status))).toEqual(new Set([404]));
    expect(await t.db.db.selectFrom('projects').select('id').where('id', '=', project.id).execute()).toEqual([]);
  });
});
