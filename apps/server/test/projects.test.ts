import { testDatabaseKinds } from '@reelsmith/db/testing';
import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, devSignIn, type TestApp } from './test-app.ts';

const scene = (n: number, extra: object = {}) => ({
  sceneId: `scene-${n}`,
  title: `Scene ${n}`,
  text: `This is scene number ${n} of the reel.`,
  durationSeconds: 7,
  wordCount: 8,
  ...extra,
});

describe.each(testDatabaseKinds())('projects API on %s', (kind) => {
  let t: TestApp;
  let owner: string;
  let stranger: string;
  beforeAll(async () => {
    t = await buildTestApp(kind);
  });
  afterAll(async () => {
    await t.close();
  });
  beforeEach(async () => {
    await t.db.reset();
    owner = await devSignIn(t.app, 'owner@example.com', 'Olive Owner');
    stranger = await devSignIn(t.app, 'stranger@example.com');
  });

  const api = (method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: unknown, cookie = owner) =>
    t.app.inject({ method, url, headers: { cookie }, ...(payload !== undefined ? { payload: payload as object } : {}) });
  async function makePaid(email = 'owner@example.com') {
    const pro = await t.db.db.selectFrom('plans').select('id').where('code', '=', 'pro-monthly').executeTakeFirstOrThrow();
    const user = await t.db.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow();
    await t.db.db.updateTable('subscriptions').set({ status: 'expired' }).where('user_id', '=', user.id).execute();
    await t.db.db.insertInto('subscriptions').values({ user_id: user.id, plan_id: pro.id, status: 'active', end_date: new Date(Date.now() + 30 * 86400_000) }).execute();
  }
  const snapshot = () => t.db.db.selectFrom('projects').select(['title', 'aspect', 'reel_time', 'current_step', 'scenes', 'assets', 'updated_at']).orderBy('id').execute();

  it('creates with the fixed default title and Free defaults, and lists it', async () => {
    const res = await api('POST', '/api/projects', {});
    expect(res.statusCode).toBe(201);
    const project = res.json();
    expect(project).toMatchObject({ title: 'Untitled UGC Video', status: 'Draft', aspect: '9:16', reelTime: 20, currentStep: 1, scenes: [], share: null });
    // Where the new project is read (RFC 9110 §10.2.2), and it is read there.
    expect(res.headers.location).toBe(`/api/projects/${project.id}`);
    expect((await api('GET', res.headers.location as string)).json()).toMatchObject({ id: project.id });
    const list = (await api('GET', '/api/projects')).json();
    expect(list.map((p: { id: string }) => p.id)).toEqual([project.id]);
    expect((await api('GET', '/api/projects', undefined, stranger)).json()).toEqual([]);
  });

  it('gives the Free plan one project and 20 s only; a paid plan more and longer', async () => {
    expect((await api('POST', '/api/projects', { reelTime: 30 })).json()).toMatchObject({ code: 'PAYMENT_REQUIRED' });
    expect(await t.db.db.selectFrom('projects').select('id').execute()).toHaveLength(0);
    expect((await api('POST', '/api/projects', { reelTime: 20 })).statusCode).toBe(201);
    const second = await api('POST', '/api/projects', {});
    expect(second.statusCode).toBe(402);
    expect(second.json().error).toBe("You've already created your free video. To create more videos, upgrade your subscription.");
    await makePaid();
    const paid = await api('POST', '/api/projects', { title: '  Launch teaser  ', aspect: '16:9', reelTime: 55 });
    expect(paid.statusCode).toBe(201);
    expect(paid.json()).toMatchObject({ title: 'Launch teaser', aspect: '16:9', reelTime: 55 });
    expect((await api('POST', '/api/projects', {})).json().reelTime).toBe(30);
  });

  it('stops at the daily cap with the Daily Limit Reached message', async () => {
    await makePaid();
    await t.db.db.updateTable('system_settings').set({ value: sql`jsonb_set(value, '{maxVideosPerDay}', '2')` }).where('key', '=', 'general').execute();
    expect((await api('POST', '/api/projects', {})).statusCode).toBe(201);
    expect((await api('POST', '/api/projects', {})).statusCode).toBe(201);
    const third = await api('POST', '/api/projects', {});
    expect(third.statusCode).toBe(429);
    expect(third.json().error).toMatch(/^Daily Limit Reached/);
  });

  it('refuses a customer without an active subscription', async () => {
    await t.db.db.updateTable('subscriptions').set({ status: 'expired' }).execute();
    const res = await api('POST', '/api/projects', {});
    expect(res.statusCode).toBe(402);
    expect(res.json().error).toBe('You need an active subscription to create videos. Choose a plan to continue.');
  });

  it.each([
    ['an unknown aspect', { aspect: '2:1' }],
    ['a reel time outside the list', { reelTime: 21 }],
    ['a blank title', { title: '   ' }],
    ['a long title', { title: 'x'.repeat(121) }],
    ['an unknown field', { owner: 'someone-else' }],
    ['a string reel time', { reelTime: '20' }],
  ])('refuses creating with %s and stores nothing', async (_label, body) => {
    const res = await api('POST', '/api/projects', body);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBeTruthy();
    expect(await t.db.db.selectFrom('projects').select('id').execute()).toHaveLength(0);
  });

  it('saves scenes with the step, moves a new project to step 2, and keeps timestamps in the database', async () => {
    const { id, updatedAt } = (await api('POST', '/api/projects', {})).json();
    const saved = await api('PUT', `/api/projects/${id}`, { scenes: [scene(1), scene(2), scene(3)], reelTime: 20 });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ currentStep: 2, scenes: [scene(1), scene(2), scene(3)] });
    expect(new Date(saved.json().updatedAt).getTime()).toBeGreaterThan(new Date(updatedAt).getTime());
    const stepped = await api('PUT', `/api/projects/${id}`, { currentStep: 4 });
    expect(stepped.json().currentStep).toBe(4);
    const fetched = await api('GET', `/api/projects/${id}`);
    expect(fetched.json()).toMatchObject({ id, currentStep: 4, scenes: [scene(1), scene(2), scene(3)] });
  });

  it.each([
    ['a step of 7', { currentStep: 7 }],
    ['a step of 0', { currentStep: 0 }],
    ['too many scenes', { scenes: Array.from({ length: 11 }, (_, i) => scene(i)) }],
    ['scene text over 500 characters', { scenes: [scene(1, { text: 'x'.repeat(501) })] }],
    ['a scene with an extra field', { scenes: [scene(1, { html: '<b>x</b>' })] }],
    ['duplicate scene ids', { scenes: [scene(1), scene(1)] }],
    ['a foreign media URL', { assets: { avatar_product: { selected: 'https://evil.example/x.png' } } }],
    ['an unknown field', { status: 'Merged' }],
    ['a body that is not an object', ['x']],
    ['a longer reel than Free allows', { reelTime: 30 }],
  ])('refuses saving %s and changes nothing', async (_label, body) => {
    const { id } = (await api('POST', '/api/projects', {})).json();
    await api('PUT', `/api/projects/${id}`, { scenes: [scene(1)] });
    const before = await snapshot();
    const res = await api('PUT', `/api/projects/${id}`, body);
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    expect(await snapshot()).toEqual(before);
  });

  it('patches the aspect and refuses avatars that are not the project’s own', async () => {
    const { id } = (await api('POST', '/api/projects', {})).json();
    const aspect = await api('PATCH', `/api/projects/${id}`, { aspect: '1:1' });
    expect(aspect.json()).toMatchObject({ aspect: '1:1', params: { aspect: '1:1' } });
    const foreign = await api('PATCH', `/api/projects/${id}`, { assets: { avatar: { uploaded: ['/media/projects/00000000-0000-4000-8000-000000000000/a.png'] } } });
    expect(foreign.statusCode).toBe(400);
    const uploaded = [`/media/projects/${id}/avatars/up-1.png`, `/media/projects/${id}/avatars/up-2.png`];
    const listed = await api('PATCH', `/api/projects/${id}`, { assets: { avatar: { uploaded } } });
    expect(listed.json().assets.avatar.uploaded).toEqual(uploaded);
    const chosen = await api('PATCH', `/api/projects/${id}`, { selectedAvatar: uploaded[1] });
    expect(chosen.json().assets.avatar.selected).toBe(uploaded[1]);
    expect((await api('PATCH', `/api/projects/${id}`, { selectedAvatar: `/media/projects/${id}/avatars/none.png` })).statusCode).toBe(400);
    // Removing the selected upload clears the selection.
    const removed = await api('PATCH', `/api/projects/${id}`, { assets: { avatar: { uploaded: [uploaded[0]] } } });
    expect(removed.json().assets.avatar).toMatchObject({ uploaded: [uploaded[0]], selected: null });
  });

  it('answers 404 for another customer’s project on every id route, exactly as for a missing one, and changes nothing', async () => {
    const { id } = (await api('POST', '/api/projects', {})).json();
    await t.db.db.updateTable('projects').set({ status: 'Merged' }).execute();
    const missing = await api('GET', '/api/projects/00000000-0000-4000-8000-000000000000', undefined, stranger);
    const before = await snapshot();
    for (const [method, url, body] of [
      ['GET', `/api/projects/${id}`],
      ['PUT', `/api/projects/${id}`, { currentStep: 3 }],
      ['PATCH', `/api/projects/${id}`, { aspect: '1:1' }],
      ['DELETE', `/api/projects/${id}`],
      ['POST', `/api/projects/${id}/share`],
    ] as const) {
      const res = await api(method, url, body, stranger);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.json()).toEqual(missing.json());
    }
    expect(missing.json().error).toBe("Project Not Found: This project doesn't exist or you don't have access to it.");
    expect(await snapshot()).toEqual(before);
    expect(await t.db.db.selectFrom('shares').select('id').execute()).toHaveLength(0);
    expect((await api('GET', '/api/projects/not-a-uuid')).statusCode).toBe(404);
  });

  it('deletes a project with its share', async () => {
    const { id } = (await api('POST', '/api/projects', {})).json();
    await t.db.db.updateTable('projects').set({ status: 'Merged' }).execute();
    expect((await api('POST', `/api/projects/${id}/share`)).statusCode).toBe(200);
    const res = await api('DELETE', `/api/projects/${id}`);
    expect(res.json()).toEqual({ id, deleted: true });
    expect(await t.db.db.selectFrom('projects').select('id').execute()).toHaveLength(0);
    expect(await t.db.db.selectFrom('shares').select('id').execute()).toHaveLength(0);
    expect((await api('GET', `/api/projects/${id}`)).statusCode).toBe(404);
  });

  it('reads a stored unknown status as Draft', async () => {
    const { id } = (await api('POST', '/api/projects', {})).json();
    await t.db.db.executeQuery(sql`ALTER TABLE projects DROP CONSTRAINT projects_status_check`.compile(t.db.db));
    await t.db.db.updateTable('projects').set({ status: 'Rendering' as never }).execute();
    expect((await api('GET', `/api/projects/${id}`)).json().status).toBe('Draft');
    await t.db.db.updateTable('projects').set({ status: 'Draft' }).execute();
    await t.db.db.executeQuery(sql`ALTER TABLE projects ADD CONSTRAINT projects_status_check CHECK (status IN ('Draft', 'MediaGenerated', 'LipSynced', 'Merged'))`.compile(t.db.db));
  });
});

describe.each(testDatabaseKinds())('sharing on %s', (kind) => {
  let t: TestApp;
  let owner: string;
  let projectId: string;
  beforeAll(async () => {
    t = await buildTestApp(kind);
  });
  afterAll(async () => {
    await t.close();
  });
  beforeEach(async () => {
    await t.db.reset();
    owner = await devSignIn(t.app, 'sharer@example.com');
    projectId = (await t.app.inject({ method: 'POST', url: '/api/projects', headers: { cookie: owner }, payload: {} })).json().id;
    await t.app.inject({ method: 'PUT', url: `/api/projects/${projectId}`, headers: { cookie: owner }, payload: { scenes: [scene(1), scene(2)] } });
  });
  const share = () => t.app.inject({ method: 'POST', url: `/api/projects/${projectId}/share`, headers: { cookie: owner } });
  const finish = () =>
    t.db.db
      .updateTable('projects')
      .set({
        status: 'Merged',
        current_step: 6,
        assets: JSON.stringify({
          avatar: { selected: 0, variations: [`/media/projects/${projectId}/avatar-0.png`] },
          final: { type: 'single', url: `/media/projects/${projectId}/final.mp4` },
        }),
      })
      .execute();

  it('shares only finished projects', async () => {
    const res = await share();
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toBe('Only finished projects can be shared. Complete the final video first.');
    expect(await t.db.db.selectFrom('shares').select('id').execute()).toHaveLength(0);
  });

  it('makes one unguessable share per project, however often it is asked', async () => {
    await finish();
    const first = (await share()).json();
    const second = (await share()).json();
    expect(first.shortId).toMatch(/^[A-Za-z0-9_-]{12}$/);
    expect(second.shortId).toBe(first.shortId);
    expect(first.path).toBe(`/s/${first.shortId}`);
    const listed = (await t.app.inject({ method: 'GET', url: '/api/projects', headers: { cookie: owner } })).json();
    expect(listed[0].share).toEqual({ shortId: first.shortId, views: 0 });
  });

  it('shows only public fields to anyone with the link', async () => {
    await finish();
    const { shortId } = (await share()).json();
    const res = await t.app.inject({ method: 'GET', url: `/api/share/${shortId}` });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toEqual({
      project: {
        title: 'Untitled UGC Video',
        aspect: '9:16',
        reelTime: 20,
        scenes: [
          { title: 'Scene 1', text: 'This is scene number 1 of the reel.' },
          { title: 'Scene 2', text: 'This is scene number 2 of the reel.' },
        ],
        // finish() records no length (as a final video stored before lengths were): the page leaves it out.
        finalVideo: { type: 'single', url: `/media/projects/${projectId}/final.mp4`, videos: [], durationSeconds: null, captionsUrl: null },
        posterUrl: `/media/projects/${projectId}/avatar-0.png`,
        createdAt: expect.any(String),
        // The owner is on Free: the page offers no download (docs/decisions.md).
        allowDownload: false,
      },
      share: { shortId, views: 0, createdAt: expect.any(String) },
    });
    expect(res.body).not.toContain('sharer@example.com');
    expect((await t.app.inject({ method: 'GET', url: '/api/share/doesnotexist00' })).json().error).toBe('Share link not found');
    expect((await t.app.inject({ method: 'GET', url: '/api/share/%3Cscript%3E' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/share/short' })).statusCode).toBe(404);
  });

  it('counts a view once per viewer per half hour, atomically', async () => {
    await finish();
    const { shortId } = (await share()).json();
    const view = (ip: string) => t.app.inject({ method: 'PUT', url: `/api/share/${shortId}/view`, remoteAddress: ip, headers: { 'user-agent': 'Viewer/1' } });
    expect((await view('203.0.113.1')).json()).toEqual({ views: 1, counted: true });
    expect((await view('203.0.113.1')).json()).toEqual({ views: 1, counted: false });
    const parallel = await Promise.all(['203.0.113.2', '203.0.113.3', '203.0.113.4', '203.0.113.5'].map(view));
    expect(parallel.every((r) => r.json().counted)).toBe(true);
    expect((await t.app.inject({ method: 'GET', url: `/api/share/${shortId}` })).json().share.views).toBe(5);
    // The half hour runs from the counted view, not from the clock's :00 or :30.
    t.clock.advance(29 * 60_000);
    expect((await view('203.0.113.1')).json()).toEqual({ views: 5, counted: false });
    t.clock.advance(2 * 60_000);
    expect((await view('203.0.113.1')).json()).toEqual({ views: 6, counted: true });
  });

  it('refuses sharing when the back-office turns it off', async () => {
    await finish();
    const { shortId } = (await share()).json();
    // Switched off in the database directly (as psql would): each server hears it from the settings trigger.
    await t.db.db.updateTable('system_settings').set({ value: sql`jsonb_set(value, '{projectSharingEnabled}', 'false')` }).where('key', '=', 'features').execute();
    const deadline = Date.now() + 5000;
    while ((await share()).statusCode !== 403 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    expect((await share()).json().error).toBe('Project sharing is currently turned off.');
    expect((await t.app.inject({ method: 'GET', url: `/api/share/${shortId}` })).statusCode).toBe(403);
  });
});
