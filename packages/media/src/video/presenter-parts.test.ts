import { copyFile, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { avatarsWithSideFrames, LocalAvatarImager } from '../avatars/index.ts';
import type { AvatarImage, AvatarSideFrames } from '../engines.ts';
import { LocalTalkingVideoRenderer } from './index.ts';
import { keptPresenters, presenterParts } from './presenter-parts.ts';
import { watermarkImage } from './stills.ts';
import { makeSpeechAudio } from './test-fixtures.ts';

const SIZE = { width: 360, height: 640 };
let dir: string;
let avatar: AvatarImage & AvatarSideFrames;
let other: AvatarImage & AvatarSideFrames;
let audio: string;

const picturesOf = (a: AvatarImage & AvatarSideFrames) => ({ imageFile: a.file, mouthOpenFile: a.mouthOpenFile, eyesClosedFile: a.eyesClosedFile, settingFile: a.settingFile });

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'reelsmith-presenter-parts-'));
  const imager = new LocalAvatarImager();
  [[avatar], [other], audio] = (await Promise.all([
    avatarsWithSideFrames(imager, { description: 'A woman with a bob in a bright office', aspect: '9:16', model: 'flux-kontext', count: 1, outDir: join(dir, 'a'), seed: 'one' }),
    avatarsWithSideFrames(imager, { description: 'A man with a beard at the beach', aspect: '9:16', model: 'flux-kontext', count: 1, outDir: join(dir, 'b'), seed: 'two' }),
    makeSpeechAudio(dir, 2),
  ])) as [[AvatarImage & AvatarSideFrames], [AvatarImage & AvatarSideFrames], string];
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('presenterParts', () => {
  it('works the parts out once for the same pictures, also when two scenes ask at once', async () => {
    const before = keptPresenters();
    const [a, b] = await Promise.all([presenterParts(picturesOf(avatar), SIZE, null), presenterParts(picturesOf(avatar), SIZE, null)]);
    expect(keptPresenters()).toBe(before + 1);
    expect(b).toBe(a);
    expect(await presenterParts(picturesOf(avatar), SIZE, null)).toBe(a);
    expect(a.motion).not.toBeNull();
    expect([a.face.closed.width, a.face.closed.height]).toEqual([a.motion!.layer.box.width, a.motion!.layer.box.height]);
  });

  it('works them out again for other pictures, another size, a drawn watermark, or new bytes at the same path', async () => {
    const first = await presenterParts(picturesOf(avatar), SIZE, null);
    expect(await presenterParts(picturesOf(other), SIZE, null)).not.toBe(first);
    expect(await presenterParts(picturesOf(avatar), { width: 720, height: 1280 }, null)).not.toBe(first);
    const withoutSetting = { imageFile: avatar.file, mouthOpenFile: avatar.mouthOpenFile };
    const unmarked = await presenterParts(withoutSetting, SIZE, null);
    const marked = await presenterParts(withoutSetting, SIZE, await watermarkImage(SIZE));
    expect(marked).not.toBe(unmarked);
    expect(marked.face.closed.data.equals(unmarked.face.closed.data)).toBe(false);
    // The same file name holding another presenter's picture is another presenter.
    const reused = join(dir, 'reused');
    await Promise.all([copyFile(avatar.file, `${reused}.png`), copyFile(avatar.mouthOpenFile, `${reused}-open.png`)]);
    const before = await presenterParts({ imageFile: `${reused}.png`, mouthOpenFile: `${reused}-open.png` }, SIZE, null);
    await Promise.all([copyFile(other.file, `${reused}.png`), copyFile(other.mouthOpenFile, `${reused}-open.png`)]);
    const after = await presenterParts({ imageFile: `${reused}.png`, mouthOpenFile: `${reused}-open.png` }, SIZE, null);
    expect(after).not.toBe(before);
    expect(after.face.closed.data.equals(before.face.closed.data)).toBe(false);
  });

  it('names a picture it cannot read', async () => {
    const broken = join(dir, 'broken.png');
    await writeFile(broken, 'not a picture');
    await expect(presenterParts({ imageFile: broken, mouthOpenFile: avatar.mouthOpenFile }, SIZE, null)).rejects.toMatchObject({ code: 'unreadable-image' });
    await expect(presenterParts({ imageFile: join(dir, 'missing.png'), mouthOpenFile: avatar.mouthOpenFile }, SIZE, null)).rejects.toMatchObject({ code: 'unreadable-image' });
  });

  it('renders the same clip from kept parts as from parts worked out afresh', async () => {
    const renderer = new LocalTalkingVideoRenderer();
    // A presenter of its own: the first render works the parts out, the second finds them.
    const [own] = await avatarsWithSideFrames(new LocalAvatarImager(), { description: 'A woman with long hair in a kitchen', aspect: '9:16', model: 'google-imagen-4-ultra', count: 1, outDir: join(dir, 'own'), seed: 'own' });
    const files = picturesOf(own!);
    const render = (name: string) => renderer.render({ ...files, audioFile: audio, aspect: '9:16', quality: 'standard', watermark: false, outFile: join(dir, name) });
    const before = keptPresenters();
    const fresh = await render('fresh.mp4');
    expect(keptPresenters()).toBe(before + 1);
    const again = await render('again.mp4');
    expect(keptPresenters()).toBe(before + 1);
    expect((await readFile(again.file)).equals(await readFile(fresh.file))).toBe(true);
  });
});
