import { testDatabaseKinds } from '@reelsmith/db/testing';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { adminAs, type TestAdmin } from './support/admin-as.ts';
import { adminCaller } from './support/admin-caller.ts';
import { buildTestApp, type TestApp } from './test-app.ts';

// A fixed instant after the real one, so rows the database stamps itself (tokens) stay consistent with it.
const NOW = new Date('2027-02-10T12:00:00Z');
const DAY = 86_400_000;

describe.each(testDatabaseKinds())('admin projects on %s', (kind) => {
  let t: TestApp;
  let admin: TestAdmin;
  beforeAll(async () => {
    t = await buildTestApp(kind);
  });
  afterAll(async () => {
    await t.close();
  });
  beforeEach(async () => {
    await t.db.reset();
    t.clock.set(NOW);
    admin = await adminAs(t, 'support');
    const db = t.db.db;
    const ada = (await db.insertInto('users').values({ email: 'ada@example.com', first_name: 'Ada', last_name: 'Lovelace' }).returning('id').executeTakeFirstOrThrow()).id;
    const bob = (await db.insertInto('users').values({ email: 'bob@builder.io' }).returning('id').executeTakeFirstOrThrow()).id;
    const project = async (
      userId: string,
      title: string,
      values: { status?: 'Draft' | 'MediaGenerated' | 'LipSynced' | 'Merged'; last_error?: string; industry?: string; daysAgo: number },
    ) =>
      (
        await db
          .insertInto('projects')
          .values({ user_id: userId, title, status: values.status ?? 'Draft', last_error: values.last_error ?? null, industry: values.industry ?? null, created_at: new Date(NOW.getTime() - values.daysAgo * DAY - 60_000) })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    const job = (projectId: string, userId: string, status: 'queued' | 'running' | 'succeeded' | 'failed') =>
      db.insertInto('generation_jobs').values({ project_id: projectId, user_id: userId, kind: 'voiceover', status }).execute();

    // Newest first: draft, processing ×2, failed, completed (public), completed (private, old).
    await project(ada, 'Alpha teaser', { industry: 'Fitness', daysAgo: 0 });
    const running = await project(ada, 'Beta launch', { status: 'MediaGenerated', daysAgo: 1 });
    await job(running, ada, 'running');
    const queued = await project(bob, 'Gamma promo', { daysAgo: 2 });
    await job(queued, bob, 'queued');
    const failed = await project(bob, 'Delta 100% off', { status: 'LipSynced', last_error: 'The video engine failed.', daysAgo: 3 });
    await job(failed, bob, 'failed');
    // Provider calls on the failed project: a video render and two images (the list sums them).
    await db
      .insertInto('generation_costs')
      .values([
        { project_id: failed, user_id: bob, capability: 'video', provider: 'replicate', model: 'bytedance/omni-human', unit: 'seconds', quantity: '12.5', amount_usd: '1.75' },
        { project_id: failed, user_id: bob, capability: 'image', provider: 'replicate', model: 'google/imagen-4-ultra', unit: 'images', quantity: '2', amount_usd: '0.12' },
      ])
      .execute();
    const shared = await project(ada, 'Epsilon story', { status: 'Merged', industry: 'Travel', daysAgo: 4 });
    await db.insertInto('shares').values({ project_id: shared, short_id: 'AbCdEf123456', is_public: true }).execute();
    const old = await project(bob, 'Zeta archive', { status: 'Merged', daysAgo: 40 });
    await db.insertInto('shares').values({ project_id: old, short_id: 'ZyXwVu654321', is_public: false }).execute();
  });

  it('counts all, today\'s and completed projects', async () => {
    const call = await adminCaller(t, admin.token);
    expect(await call.admin.projects.stats()).toEqual({ totalProjects: 6, todayProjects: 1, completedProjects: 2 });
    const rest = await admin.call('GET', '/api/admin/projects/stats');
    expect(rest.json()).toEqual({ totalProjects: 6, todayProjects: 1, completedProjects: 2 });
  });

  it('lists projects newest first with the back-office status, industry, visibility and owner', async () => {
    const call = await adminCaller(t, admin.token);
    const page = await call.admin.projects.list({ page: 1, limit: 10 });
    expect(page).toMatchObject({ total: 6, hasNextPage: false, hasPrevPage: false });
    expect(page.projects.map((p) => [p.title, p.status, p.settings.industry, p.shareSettings.isPublic, p.user.name, p.user.email])).toEqual([
      ['Alpha teaser', 'draft', 'Fitness', false, 'Ada Lovelace', 'ada@example.com'],
      ['Beta launch', 'processing', null, false, 'Ada Lovelace', 'ada@example.com'],
      ['Gamma promo', 'processing', null, false, 'Unnamed User', 'bob@builder.io'],
      ['Delta 100% off', 'failed', null, false, 'Unnamed User', 'bob@builder.io'],
      ['Epsilon story', 'completed', 'Travel', true, 'Ada Lovelace', 'ada@example.com'],
      ['Zeta archive', 'completed', null, false, 'Unnamed User', 'bob@builder.io'],
    ]);
    expect(page.projects.map((p) => [p.title, p.aiCostUsd])).toEqual([
      ['Alpha teaser', 0],
      ['Beta launch', 0],
      ['Gamma promo', 0],
      ['Delta 100% off', 1.87],
      ['Epsilon story', 0],
      ['Zeta archive', 0],
    ]);
  });

  it('filters by status and period, searches title or owner e-mail, and pages', async () => {
    const call = await adminCaller(t, admin.token);
    const titles = async (input: Parameters<typeof call.admin.projects.list>[0]) => (await call.admin.projects.list(input)).projects.map((p) => p.title);
    expect(await titles({ status: 'processing' })).toEqual(['Beta launch', 'Gamma promo']);
    expect(await titles({ status: 'failed' })).toEqual(['Delta 100% off']);
    expect(await titles({ status: 'completed' })).toEqual(['Epsilon story', 'Zeta archive']);
    expect(await titles({ status: 'draft' })).toEqual(['Alpha teaser']);
    expect(await titles({ status: 'completed', period: '30days' })).toEqual(['Epsilon story']);
    expect(await titles({ period: 'today' })).toEqual(['Alpha teaser']);
    expect(await titles({ search: 'BUILDER.IO' })).toEqual(['Gamma promo', 'Delta 100% off', 'Zeta archive']);
    expect(await titles({ search: 'story' })).toEqual(['Epsilon story']);
    expect(await titles({ search: '100%' })).toEqual(['Delta 100% off']);
    expect(await titles({ search: '%' })).toEqual(['Delta 100% off']);
    const second = await call.admin.projects.list({ page: 2, limit: 4 });
    expect(second).toMatchObject({ total: 6, hasNextPage: false, hasPrevPage: true });
    expect(second.projects.map((p) => p.title)).toEqual(['Epsilon story', 'Zeta archive']);
    expect(await call.admin.projects.list({ page: 1, limit: 4 })).toMatchObject({ hasNextPage: true, hasPrevPage: false });

    const rest = await admin.call('GET', '/api/admin/projects?page=1&limit=10&search=ada%40example&status=completed');
    expect(rest.statusCode).toBe(200);
    expect(rest.json()).toMatchObject({ total: 1, projects: [{ title: 'Epsilon story', shareSettings: { isPublic: true } }] });
    expect((await admin.call('GET', '/api/admin/projects?status=archived')).statusCode).toBe(400);
    for (const url of ['/api/admin/projects', '/api/admin/projects/stats']) expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
  });
});
