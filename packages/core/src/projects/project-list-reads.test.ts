import { insertProject, insertUser, updateProjectRow } from '@reelsmith/db';
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from '@reelsmith/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listOwnedProjects } from './project-rows.ts';

const scene = (sceneId: string, text: string) => ({ sceneId, title: sceneId, text, durationSeconds: 5, wordCount: text.split(' ').length });

// A project's stored parts are read once per version and kept (project-rows.ts): every list must still
// show what is stored now, to each database its own, and hand out parts no caller can change.
describe.each(testDatabaseKinds())('listing projects on %s', (kind) => {
  let t: TestDatabase;
  let other: TestDatabase;
  beforeAll(async () => {
    [t, other] = await Promise.all([createTestDatabase(kind), createTestDatabase(kind)]);
  });
  afterAll(async () => {
    await Promise.all([t?.close(), other?.close()]);
  });

  const customer = async (db: TestDatabase['db'], email: string) =>
    (await insertUser(db, { googleSub: null, email, firstName: 'L', lastName: null, profileImageUrl: null })).id;

  it('shows each change, whatever wrote it, and never a kept answer of an older version', async () => {
    const userId = await customer(t.db, 'lister@example.com');
    const id = await insertProject(t.db, { user_id: userId, title: 'Kept', scenes: JSON.stringify([scene('s1', 'first words')]), params: '{}', assets: '{}' });
    expect((await listOwnedProjects(t.db, userId))[0]).toMatchObject({ id, version: 1, scenes: [{ text: 'first words' }], assets: {} });
    // Twice in parallel, and once more: the same answer from what was kept.
    const again = await Promise.all([listOwnedProjects(t.db, userId), listOwnedProjects(t.db, userId)]);
    for (const list of again) expect(list[0]).toMatchObject({ version: 1, scenes: [{ text: 'first words' }] });

    await updateProjectRow(t.db, id, { scenes: JSON.stringify([scene('s1', 'second words')]), assets: JSON.stringify({ product: '/media/p/product.png' }) });
    expect((await listOwnedProjects(t.db, userId))[0]).toMatchObject({ version: 2, scenes: [{ text: 'second words' }], assets: { product: '/media/p/product.png' } });
    // A write by hand (no service, no repository) raises the version too.
    await t.db.updateTable('projects').set({ params: JSON.stringify({ script: 'by hand' }) }).where('id', '=', id).execute();
    expect((await listOwnedProjects(t.db, userId))[0]).toMatchObject({ version: 3, params: { script: 'by hand' }, scenes: [{ text: 'second words' }] });
  });

  it('tells a project made again with a deleted one’s id from the deleted one', async () => {
    const userId = await customer(t.db, 'again@example.com');
    const id = '0c5e8a61-7d2f-4b39-9e14-3a6f2b8c1d57';
    await insertProject(t.db, { id, user_id: userId, title: 'First life', scenes: JSON.stringify([scene('s1', 'first life')]), params: '{}', assets: '{}' });
    expect((await listOwnedProjects(t.db, userId))[0]).toMatchObject({ version: 1, scenes: [{ text: 'first life' }] });
    await t.db.deleteFrom('projects').where('id', '=', id).execute();
    await new Promise((resolve) => setTimeout(resolve, 5));
    await insertProject(t.db, { id, user_id: userId, title: 'Second life', scenes: JSON.stringify([scene('s1', 'second life')]), params: '{}', assets: '{}' });
    expect((await listOwnedProjects(t.db, userId))[0]).toMatchObject({ version: 1, title: 'Second life', scenes: [{ text: 'second life' }] });
  });

  it('hands out read-only parts: changing one answer is refused and changes no later one', async () => {
    const userId = await customer(t.db, 'copies@example.com');
    await insertProject(t.db, { user_id: userId, title: 'Copies', scenes: JSON.stringify([scene('s1', 'untouched')]), params: JSON.stringify({ script: 'untouched' }), assets: JSON.stringify({ voiceover: { s1: '/media/p/v.mp3' } }) });
    const [first] = await listOwnedProjects(t.db, userId);
    expect(() => (first!.scenes[0]!.text = 'changed')).toThrow(TypeError);
    expect(() => (first!.params.script = 'changed')).toThrow(TypeError);
    expect(() => (first!.assets.voiceover!.s1 = '/media/p/changed.mp3')).toThrow(TypeError);
    expect(() => first!.scenes.push(scene('s2', 'added'))).toThrow(TypeError);
    const [second] = await listOwnedProjects(t.db, userId);
    expect(second).toMatchObject({ scenes: [{ text: 'untouched' }], params: { script: 'untouched' }, assets: { voiceover: { s1: '/media/p/v.mp3' } } });
  });

  it('keeps each database’s projects apart, even with the same id and version', async () => {
    const id = '6f1d3a52-1c4b-4d7e-8f20-5b9a7c3e2d10';
    const owners = await Promise.all([customer(t.db, 'same-id@example.com'), customer(other.db, 'same-id@example.com')]);
    await insertProject(t.db, { id, user_id: owners[0], title: 'Here', scenes: JSON.stringify([scene('s1', 'in the first database')]), params: '{}', assets: '{}' });
    await insertProject(other.db, { id, user_id: owners[1], title: 'There', scenes: JSON.stringify([scene('s1', 'in the second database')]), params: '{}', assets: '{}' });
    const [here, there] = await Promise.all([listOwnedProjects(t.db, owners[0]), listOwnedProjects(other.db, owners[1])]);
    expect(here[0]).toMatchObject({ id, version: 1, title: 'Here', scenes: [{ text: 'in the first database' }] });
    expect(there[0]).toMatchObject({ id, version: 1, title: 'There', scenes: [{ text: 'in the second database' }] });
  });

  it('reads hostile stored parts the same way every time: what does not fit is left out', async () => {
    const userId = await customer(t.db, 'hostile@example.com');
    const assets = JSON.stringify({ product: 'javascript:alert(1)', voiceover: { s1: '/media/p/ok.mp3', '__proto__': '/media/p/x.mp3' }, final: { type: 'single', url: '/media/p/f.mp4' } });
    await insertProject(t.db, { user_id: userId, title: '<script>alert(1)</script>', scenes: JSON.stringify([{ sceneId: 5 }, scene('s2', 'kept')]), params: JSON.stringify({ script: 'fine', aspect: 'nonsense' }), assets });
    const reads = [await listOwnedProjects(t.db, userId), await listOwnedProjects(t.db, userId)];
    for (const [project] of reads) {
      expect(project).toMatchObject({ title: '<script>alert(1)</script>', scenes: [{ sceneId: 's2', text: 'kept' }], params: { script: 'fine' }, assets: { voiceover: { s1: '/media/p/ok.mp3' }, final: { type: 'single', url: '/media/p/f.mp4' } } });
      expect(project!.assets.product).toBeUndefined();
      expect(project!.params).not.toHaveProperty('aspect');
      expect(Object.getPrototypeOf(project!.assets.voiceover)).toBe(Object.prototype);
    }
    expect(reads[1]).toEqual(reads[0]);
  });
});
