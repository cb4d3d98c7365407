import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ProjectStatus } from '../schema.ts';
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from '../testing.ts';
import { insertGenerationJob } from './generation-jobs.ts';
import { countProjectFunnelSteps, insertProject, listAdminProjectRows } from './projects.ts';
import { insertUser } from './users.ts';

describe.each(testDatabaseKinds())('projects repository on %s', (kind) => {
  let t: TestDatabase;
  let userId: string;
  beforeAll(async () => {
    t = await createTestDatabase(kind);
  });
  afterAll(async () => {
    await t.close();
  });
  beforeEach(async () => {
    await t.reset();
    userId = (await insertUser(t.db, { googleSub: null, email: 'owner@example.com', firstName: 'O', lastName: null, profileImageUrl: null })).id;
  });

  const project = (title: string, values: { status?: ProjectStatus; current_step?: number; last_error?: string; user_id?: string } = {}) =>
    insertProject(t.db, { user_id: userId, title, scenes: '[]', params: '{}', assets: '{}', ...values });

  it('gives each project its back-office status and filters by it', async () => {
    await project('merged', { status: 'Merged', last_error: 'an old failure' });
    await project('failed', { last_error: 'boom' });
    const processing = await project('processing');
    await insertGenerationJob(t.db, { projectId: processing, userId, kind: 'voiceover', input: {} });
    await project('draft');
    const all = await listAdminProjectRows(t.db, {}, { limit: 10, offset: 0 });
    expect(all.total).toBe(4);
    expect(Object.fromEntries(all.rows.map((r) => [r.title, r.admin_status]))).toEqual({ merged: 'completed', failed: 'failed', processing: 'processing', draft: 'draft' });
    const failed = await listAdminProjectRows(t.db, { status: 'failed' }, { limit: 10, offset: 0 });
    expect([failed.total, failed.rows.map((r) => r.title)]).toEqual([1, ['failed']]);
  });

  it('counts a project at every step its wizard step or its status proves it reached', async () => {
    const other = (await insertUser(t.db, { googleSub: null, email: 'second@example.com', firstName: null, lastName: null, profileImageUrl: null })).id;
    await project('step 2', { current_step: 2 });
    await project('media made', { status: 'MediaGenerated' });
    await project('merged', { status: 'Merged', current_step: 4, user_id: other });
    const steps = await countProjectFunnelSteps(t.db, new Date(Date.now() - 60_000));
    expect(steps.map((s) => [s.step, s.count, s.uniqueUsers])).toEqual([
      [1, 3, 2],
      [2, 3, 2],
      [3, 2, 2],
      [4, 1, 1],
      [5, 1, 1],
      [6, 1, 1],
    ]);
    expect((await countProjectFunnelSteps(t.db, new Date(Date.now() + 60_000))).map((s) => s.count)).toEqual([0, 0, 0, 0, 0, 0]);
  });
});
