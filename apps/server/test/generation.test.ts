import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { mkdtempSync } from 'node:fs';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { probeFile, regionDifference, rgbFrame, rgbPixels } from './support/media-checks.ts';
import { trpcCall } from './support/trpc-call.ts';
import { buildTestApp, devSignIn, type TestApp } from './test-app.ts';
import { sideFrameKey, sideFramesRecipeKey } from '@reelsmith/core';

const script =
  'Tired of dull skin every morning? Meet Glow Serum, the vitamin C boost your routine is missing. ' +
  'Two drops after cleansing, and your skin drinks it in within seconds. In a week my dark spots faded. ' +
  'It is fragrance free and gentle. Tap the link and glow with me.';

// The whole wizard's server side on the local engine: real audio, pictures and videos, checked with ffprobe.
describe('generation on the local engine', () => {
  let t: TestApp;
  let paid: string;
  let free: string;
  let projectId: string;
  let freeProjectId: string;
  const dir = mkdtempSync(join(tmpdir(), 'reelsmith-gen-'));

  beforeAll(async () => {
    t = await buildTestApp('pglite');
    paid = await devSignIn(t.app, 'pro@example.com', 'Pat Pro');
    free = await devSignIn(t.app, 'free@example.com', 'Fran Free');
    const pro = await t.db.db.selectFrom('plans').select('id').where('code', '=', 'pro-monthly').executeTakeFirstOrThrow();
    const user = await t.db.db.selectFrom('users').select('id').where('email', '=', 'pro@example.com').executeTakeFirstOrThrow();
    await t.db.db.updateTable('subscriptions').set({ status: 'expired' }).where('user_id', '=', user.id).execute();
    await t.db.db.insertInto('subscriptions').values({ user_id: user.id, plan_id: pro.id, status: 'active', end_date: new Date(Date.now() + 30 * 86400_000) }).execute();
    projectId = (await api('POST', '/api/projects', { reelTime: 20, aspect: '9:16' })).json().id;
    freeProjectId = (await api('POST', '/api/projects', {}, free)).json().id;
  });
  afterAll(async () => {
    await t.close();
  });

  function api(method: 'GET' | 'POST' | 'PUT' | 'PATCH', url: string, payload?: object, cookie = paid) {
    return t.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });
  }
  async function fetchMedia(url: string, cookie = paid, file?: string) {
    const res = await t.app.inject({ method: 'GET', url, headers: { cookie } });
    if (file) await writeFile(file, res.rawPayload);
    return res;
  }

  it('writes scenes over REST and tRPC, and refuses bad scripts with the spec messages', async () => {
    const rest = await api('POST', `/api/projects/${projectId}/generate-scenes`, { script, reelTime: 20, sceneCount: 3, sceneDuration: 6.7 });
    expect(rest.statusCode).toBe(200);
    expect(rest.json().id).toBe(projectId);
    expect(rest.json().scenes).toHaveLength(3);
    expect(rest.json().project.currentStep).toBe(2);
    const viaTrpc = await trpcCall(t.app, 'mutation', 'generation.regenerateScene', { id: projectId, sceneIndex: 1, regenerateAll: false, reelTime: 20, script }, paid);
    expect(viaTrpc.data.scenes[1].sceneId).toBe('scene-2');
    expect(viaTrpc.data.message).toBe('Scene 2 regenerated');
    const long = await api('POST', `/api/projects/${projectId}/generate-scenes`, { script: 'x'.repeat(2001), reelTime: 20 });
    expect(long.statusCode).toBe(400);
    expect(long.json().error).toContain('Script too long');
    const tooMuchScript = 'This sentence has exactly eight words in it. '.repeat(10);
    const tooMuch = await api('POST', `/api/projects/${projectId}/generate-scenes`, { script: tooMuchScript, reelTime: 20 });
    expect(tooMuch.statusCode).toBe(422);
    expect(tooMuch.json().error).toMatch(/^Scene validation failed/);
    // With the facts a client words its own message from: 80 words need about 30 s of speech.
    expect(tooMuch.json()).toMatchObject({ reason: 'scenes_invalid', validation: 'too_long_for_reel', neededSeconds: 30, reelTime: 20 });
    const refusedViaTrpc = await t.app.inject({
      method: 'POST',
      url: '/trpc/generation.generateScenes',
      headers: { cookie: paid, 'content-type': 'application/json' },
      payload: JSON.stringify({ json: { id: projectId, script: tooMuchScript, reelTime: 20 } }),
    });
    expect(refusedViaTrpc.json().error.json.data).toMatchObject({ reason: 'scenes_invalid', details: { validation: 'too_long_for_reel', neededSeconds: 30, reelTime: 20 } });
    // The failed generation kept the customer's script (a reload shows it to fix), and nothing else changed.
    const kept = (await api('GET', `/api/projects/${projectId}`)).json();
    expect(kept.scenes).toHaveLength(3);
    expect(kept.params.script).toBe(tooMuchScript);
    expect(kept.version).toEqual(expect.any(Number));
    // The same script failing again writes nothing: the version integrators match on stays.
    expect((await api('POST', `/api/projects/${projectId}/generate-scenes`, { script: tooMuchScript, reelTime: 20 })).statusCode).toBe(422);
    expect((await api('GET', `/api/projects/${projectId}`)).json().version).toBe(kept.version);
    // Another customer's failing script is refused as not found and kept nowhere.
    const stranger = await api('POST', `/api/projects/${projectId}/generate-scenes`, { script: `Not yours. ${tooMuchScript}`, reelTime: 20 }, free);
    expect(stranger.statusCode).toBe(404);
    expect((await api('GET', `/api/projects/${projectId}`)).json()).toMatchObject({ version: kept.version, params: { script: tooMuchScript } });
  });

  it('plans rewritten scenes at the pace of the voice that spoke them', async () => {
    const id = (await api('POST', '/api/projects', { reelTime: 30, aspect: '9:16' })).json().id;
    const text =
      'Morning light comes in slowly and the kitchen smells of fresh coffee and warm bread. ' +
      'I keep my routine simple because busy days start better when the first hour is calm. ' +
      'This little serum is the one step I never skip, two drops and my skin feels awake. ' +
      'Try it for a week and tell me whether your mornings feel a little kinder too.';
    const first = (await api('POST', `/api/projects/${id}/generate-scenes`, { script: text, reelTime: 30 })).json().scenes;
    // A voice that speaks faster than the 2.7 words a second the first plan assumed.
    const voiced = await api('POST', `/api/projects/${id}/generate-voiceover`, { voiceId: 'rs-margaret', sceneSpeedSettings: {} });
    expect(voiced.statusCode).toBe(200);
    const actual = new Map<string, number>(voiced.json().project.scenes.map((s: { sceneId: string; actualDuration: number }) => [s.sceneId, s.actualDuration]));
    const again = await api('POST', `/api/projects/${id}/regenerate-scene`, { sceneIndex: null, regenerateAll: true, reelTime: 30, script: text });
    expect(again.statusCode).toBe(200);
    const rewritten = again.json().scenes as { sceneId: string; text: string; durationSeconds: number }[];
    expect(rewritten.map((s) => s.text)).toEqual(first.map((s: { text: string }) => s.text));
    // Each scene's plan moves toward what the voice took (within the 6–10 s a scene is planned at), never away.
    const firstBy = new Map<string, number>(first.map((s: { sceneId: string; durationSeconds: number }) => [s.sceneId, s.durationSeconds]));
    const gain = rewritten.map((s) => Math.abs(firstBy.get(s.sceneId)! - actual.get(s.sceneId)!) - Math.abs(s.durationSeconds - actual.get(s.sceneId)!));
    for (const g of gain) expect(g).toBeGreaterThanOrEqual(-0.05);
    expect(Math.max(...gain)).toBeGreaterThan(0.1);
  });

  it('lists voices with filters, cached five minutes', async () => {
    const all = await t.app.inject({ method: 'GET', url: '/api/voices' });
    expect(all.json().length).toBeGreaterThanOrEqual(25);
    expect(all.headers['cache-control']).toBe('public, max-age=300');
    const women = (await t.app.inject({ method: 'GET', url: '/api/voices?gender=female&age=young' })).json();
    expect(women.length).toBeGreaterThan(0);
    expect(women.every((v: { gender: string; age: string }) => v.gender === 'female' && v.age === 'young')).toBe(true);
    const viaTrpc = await trpcCall(t.app, 'query', 'generation.voices', { language: 'multilingual' }, paid);
    expect(viaTrpc.data.every((v: { language: string }) => v.language === 'multilingual')).toBe(true);
  });

  it('previews a voice, cached, served with range requests', async () => {
    const voices = (await t.app.inject({ method: 'GET', url: '/api/voices' })).json();
    const res = await api('POST', '/api/voice/preview-url', { voiceId: voices[0].id, text: script, speed: 1 });
    expect(res.statusCode).toBe(200);
    const { url } = res.json();
    expect(url).toMatch(/^\/media\/previews\/[0-9a-f]+\.m4a$/);
    const again = await api('POST', '/api/voice/preview-url', { voiceId: voices[0].id, text: script, speed: 1 });
    expect(again.json().url).toBe(url);
    const file = join(dir, 'preview.m4a');
    const media = await fetchMedia(url, paid, file);
    expect(media.headers['content-type']).toBe('audio/mp4');
    expect((await probeFile(file)).audio?.codec).toBe('aac');
    const ranged = await t.app.inject({ method: 'GET', url, headers: { range: 'bytes=0-99' } });
    expect(ranged.statusCode).toBe(206);
    expect(ranged.headers['content-range']).toMatch(/^bytes 0-99\/\d+$/);
    expect(ranged.rawPayload.length).toBe(100);
    expect((await t.app.inject({ method: 'GET', url, headers: { range: 'bytes=999999999-' } })).statusCode).toBe(416);
    const bad = await api('POST', '/api/voice/preview-url', { voiceId: voices[0].id, text: 'hi', speed: 1.5 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toContain('Invalid Speed Setting');
  });

  it('voices every scene with its speed, measured with ffprobe', async () => {
    const voices = (await t.app.inject({ method: 'GET', url: '/api/voices?gender=female' })).json();
    const res = await api('POST', `/api/projects/${projectId}/generate-voiceover`, {
      voiceId: voices[0].id,
      language: 'en',
      sceneSpeedSettings: { 'scene-1': 1.2, 'scene-2': 1, 'scene-3': 0.8 },
      duration: 20,
      oneVoiceForAll: true,
      changedScenesOnly: false,
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(Object.keys(body.voiceover)).toEqual(['scene-1', 'scene-2', 'scene-3']);
    expect(body.job).toMatchObject({ kind: 'voiceover', status: 'succeeded', percent: 100 });
    for (const scene of body.project.scenes) {
      const file = join(dir, `${scene.sceneId}.m4a`);
      await fetchMedia(body.voiceover[scene.sceneId], paid, file);
      const probed = await probeFile(file);
      expect(probed.audio?.codec).toBe('aac');
      expect(Math.abs(probed.duration - scene.actualDuration)).toBeLessThan(0.1);
      expect(body.project.assets.video_durations[scene.sceneId]).toBeCloseTo(scene.actualDuration, 2);
    }
    expect(body.project.params.voiceover.voiceId).toBe(voices[0].id);
    // Someone else cannot fetch the customer's audio.
    expect((await fetchMedia(body.voiceover['scene-1'], free)).statusCode).toBe(404);
  });

  it('suggests an avatar description, makes four variations at the aspect, and lets the customer pick', async () => {
    const suggestion = await trpcCall(t.app, 'mutation', 'generation.avatarPrompt', { scenes: [{ title: 'Glow', text: script }], projectTitle: 'Glow', projectScript: script, voiceData: { gender: 'female', age: 'young' } }, paid);
    expect(suggestion.data.combinedPrompt).toContain('woman');
    const noScenes = await api('POST', '/api/ai/generate-avatar-prompts', { scenes: [], projectTitle: 'x', projectScript: '' });
    expect(noScenes.statusCode).toBe(400);
    const res = await api('POST', `/api/projects/${projectId}/generate-avatar`, { combinedPrompt: suggestion.data.combinedPrompt, model: 'google-imagen-4-ultra', aspectRatio: '9:16' });
    expect(res.statusCode).toBe(200);
    const { variations } = res.json();
    expect(variations).toHaveLength(4);
    const file = join(dir, 'avatar.png');
    await fetchMedia(variations[0], paid, file);
    expect((await probeFile(file)).video).toMatchObject({ width: 1080, height: 1920 });
    // Beside each illustrated variation, the recipe of its side frames; the frames themselves (mouth open,
    // eyes shut, the setting alone) wait for the variation that is used.
    for (const url of variations as string[]) {
      const key = url.replace('/media/', '');
      expect(await t.app.core.storage.stat(sideFramesRecipeKey(key)), `recipe of ${key}`).not.toBeNull();
      for (const frame of ['mouthOpenFile', 'eyesClosedFile', 'settingFile'] as const) expect(await t.app.core.storage.stat(sideFrameKey(key, frame)), `${frame} of ${key}`).toBeNull();
    }
    expect((await api('POST', `/api/projects/${projectId}/generate-avatar`, { combinedPrompt: '   ', model: 'flux-kontext', aspectRatio: '9:16' })).statusCode).toBe(400);
    const picked = await api('PATCH', `/api/projects/${projectId}`, { selectedAvatar: variations[2] });
    expect(picked.json()).toMatchObject({ status: 'MediaGenerated' });
  });

  it('refuses HD for a Free customer and videos without an avatar', async () => {
    // The plan is asked first: HD reads 'HD Quality Locked' whatever else is missing.
    const hd = await api('POST', `/api/projects/${freeProjectId}/generate-omni-videos`, { quality: 'high', model: 'omni-human' }, free);
    expect(hd.statusCode).toBe(402);
    expect(hd.json().error).toBe('HD Quality Locked: High-quality video generation is only available for paid subscribers.');
    const noAvatar = await api('POST', `/api/projects/${freeProjectId}/generate-omni-videos`, { quality: 'standard', model: 'omni-human' }, free);
    expect(noAvatar.statusCode).toBe(400);
    expect(noAvatar.json().error).toBe('Please select an avatar in Step 3 before generating videos');
  });

  it('renders a talking video per scene at 360p, exactly the audio length, then merges with each transition', async () => {
    const res = await api('POST', `/api/projects/${projectId}/generate-omni-videos`, { quality: 'standard', model: 'omni-human' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.project.status).toBe('LipSynced');
    // The chosen variation's side frames were drawn for its videos (lips, blinks, motion); the others' were not.
    const { variations, selected } = body.project.assets.avatar as { variations: string[]; selected: string };
    for (const url of variations) {
      const key = url.replace('/media/', '');
      for (const frame of ['mouthOpenFile', 'eyesClosedFile', 'settingFile'] as const) {
        const stored = await t.app.core.storage.stat(sideFrameKey(key, frame));
        if (url === selected) expect(stored, `${frame} of the chosen ${key}`).not.toBeNull();
        else expect(stored, `${frame} of ${key}`).toBeNull();
      }
    }
    const durations: number[] = [];
    for (const scene of body.project.scenes) {
      const file = join(dir, `${scene.sceneId}.mp4`);
      await fetchMedia(body.videos[scene.sceneId], paid, file);
      const probed = await probeFile(file);
      expect(probed.video).toMatchObject({ codec: 'h264', width: 360, height: 640 });
      expect(probed.audio?.codec).toBe('aac');
      expect(Math.abs(probed.duration - scene.actualDuration)).toBeLessThan(0.1);
      durations.push(probed.duration);
    }
    const sum = durations.reduce((a, b) => a + b, 0);
    for (const [transition, expected] of [['none', sum], ['fade', sum], ['crossfade', sum - 2 * 0.5]] as const) {
      const merged = await trpcCall(t.app, 'mutation', 'generation.createFinalVideo', { id: projectId, transition, captions: false }, paid);
      expect(merged.data.assets.final.type).toBe('single');
      const file = join(dir, `final-${transition}.mp4`);
      await fetchMedia(merged.data.assets.final.url, paid, file);
      const probed = await probeFile(file);
      expect(probed.video?.width).toBe(360);
      expect(Math.abs(probed.duration - expected), `${transition}: ${probed.duration} vs ${expected}`).toBeLessThan(0.15);
      expect(merged.data.project.status).toBe('Merged');
    }
    const again = await api('POST', `/api/projects/${projectId}/create-final-video`, { sceneOrder: ['scene-3', 'scene-1', 'scene-2'], transition: 'none', captions: false });
    expect(again.statusCode).toBe(200);
    const paidDownload = await t.app.inject({ method: 'GET', url: `${again.json().assets.final.url}?download=1`, headers: { cookie: paid } });
    expect(paidDownload.statusCode).toBe(200);
    expect(paidDownload.headers['content-disposition']).toMatch(/^attachment; filename="[^"]+\.mp4"; filename\*=UTF-8''[^\s"]+\.mp4$/);
    expect((await api('POST', `/api/projects/${projectId}/create-final-video`, { sceneOrder: ['scene-9'], transition: 'none', captions: false })).statusCode).toBe(400);
  });

  it('burns in captions timed from the voice, and keeps SRT and WebVTT beside the video', async () => {
    const project = (await api('GET', `/api/projects/${projectId}`)).json();
    const bad = await api('POST', `/api/projects/${projectId}/create-final-video`, { transition: 'none', captions: true, captionStyle: 'comic' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toMatch(/captionStyle/);
    const res = await api('POST', `/api/projects/${projectId}/create-final-video`, { transition: 'crossfade', captions: true, captionStyle: 'highlight', captionPosition: 'bottom' });
    expect(res.statusCode).toBe(200);
    const final = res.json().assets.final;
    expect(final.captions).toMatchObject({ style: 'highlight', position: 'bottom', vttUrl: expect.stringMatching(/\.vtt$/), srtUrl: expect.stringMatching(/\.srt$/) });
    expect((await api('GET', `/api/projects/${projectId}`)).json().params.final).toMatchObject({ transition: 'crossfade', captions: true, captionStyle: 'highlight', captionPosition: 'bottom' });

    const vtt = await fetchMedia(final.captions.vttUrl);
    expect(vtt.headers['content-type']).toMatch(/^text\/vtt/);
    const clock = (h: string, m: string, sec: string, ms: string) => Number(h) * 3600 + Number(m) * 60 + Number(sec) + Number(ms) / 1000;
    const cues = vtt.body
      .split('\n\n')
      .slice(1)
      .map((block) => {
        const [, time = '', ...lines] = block.trim().split('\n');
        const m = /^(\d\d):(\d\d):(\d\d)\.(\d{3}) --> (\d\d):(\d\d):(\d\d)\.(\d{3})$/.exec(time)!;
        return { start: clock(m[1]!, m[2]!, m[3]!, m[4]!), end: clock(m[5]!, m[6]!, m[7]!, m[8]!), text: lines.join(' ') };
      });
    // Every word of every scene, in order, and nothing else.
    const spoken = project.scenes.map((s: { text: string }) => s.text).join(' ').split(/\s+/);
    expect(cues.map((c) => c.text).join(' ').split(' ')).toEqual(spoken);
    const srt = await fetchMedia(final.captions.srtUrl);
    expect(srt.body.match(/ --> /g)).toHaveLength(cues.length);

    // Each scene's first cue starts where its clip starts in the crossfaded video plus its first word's time.
    const durations: number[] = project.scenes.map((s: { actualDuration: number }) => s.actualDuration);
    let at = 0;
    for (const [k, scene] of project.scenes.entries()) {
      const words = (await fetchMedia(project.assets.voiceover[scene.sceneId].replace(/\.m4a$/, '.words.json'))).json();
      expect(words.map((w: { text: string }) => w.text).join(' ')).toBe(scene.text);
      // Beside it, the sounds the voice made, for mouth shapes.
      const phonemes = (await fetchMedia(project.assets.voiceover[scene.sceneId].replace(/\.m4a$/, '.phonemes.json'))).json();
      expect(phonemes.length).toBeGreaterThan(scene.text.split(' ').length);
      const firstWord = scene.text.split(/\s+/)[0];
      const cue = cues.find((c, i) => c.text.startsWith(firstWord) && (k === 0 || i > 0) && c.start >= at - 0.1)!;
      expect(Math.abs(cue.start - (at + words[0].startSeconds))).toBeLessThanOrEqual(0.1);
      at += durations[k]! - 0.5;
    }
    const file = join(dir, 'final-captioned.mp4');
    await fetchMedia(final.url, paid, file);
    const probed = await probeFile(file);
    expect(cues.at(-1)!.end).toBeLessThanOrEqual(probed.duration + 0.05);
    // Burned in: during a cue the caption band differs from the same merge without captions; the top does not.
    const t0 = (cues[1]!.start + cues[1]!.end) / 2;
    const [plain, captioned] = await Promise.all([rgbPixels(join(dir, 'final-crossfade.mp4'), 360, 640, t0), rgbPixels(file, 360, 640, t0)]);
    expect(regionDifference(plain, captioned, 360, { x: 0, y: 480, w: 360, h: 110 })).toBeGreaterThan(4 * regionDifference(plain, captioned, 360, { x: 0, y: 0, w: 360, h: 110 }) + 2);

    // The captions are the owner's: nobody else reads them.
    expect((await fetchMedia(final.captions.vttUrl, free)).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: final.captions.srtUrl })).statusCode).toBe(404);
  });

  it('captions hostile scene text as text: control characters refused, markup and cue arrows never reach the files as such', async () => {
    const project = (await api('GET', `/api/projects/${projectId}`)).json();
    const withScene1 = (text: string) => project.scenes.map((s: { text: string }, i: number) => (i === 0 ? { ...s, text, wordCount: text.split(' ').length } : s));
    // A control character is refused at the door, and nothing is saved.
    const control = await api('PUT', `/api/projects/${projectId}`, { scenes: withScene1('Tap here\u0007 now') });
    expect(control.statusCode).toBe(400);
    expect(control.json().error).toMatch(/control characters/);
    expect((await api('GET', `/api/projects/${projectId}`)).json().scenes[0].text).toBe(project.scenes[0].text);
    const hostile = 'Tap <b>here</b> & save 50% {\\fs200}now --> today “really”!';
    const put = await api('PUT', `/api/projects/${projectId}`, { scenes: withScene1(hostile) });
    expect(put.statusCode, put.body).toBe(200);
    const voices = (await t.app.inject({ method: 'GET', url: '/api/voices?gender=female' })).json();
    expect((await api('POST', `/api/projects/${projectId}/generate-voiceover`, { voiceId: voices[0].id, sceneSpeedSettings: {} })).statusCode).toBe(200);
    expect((await api('POST', `/api/projects/${projectId}/generate-omni-videos`, { quality: 'standard', model: 'omni-human' })).statusCode).toBe(200);
    const res = await api('POST', `/api/projects/${projectId}/create-final-video`, { transition: 'none', captions: true, captionStyle: 'clean' });
    expect(res.statusCode).toBe(200);
    const vtt = (await fetchMedia(res.json().assets.final.captions.vttUrl)).body;
    const firstCue = vtt.split('\n\n')[1]!;
    // What the voice read is what the captions say: the tags, braces and the arrow's '>' were never spoken.
    expect(firstCue).toContain('Tap here &amp; save 50%');
    expect(vtt).not.toMatch(/[<{}\\]/);
    expect(vtt.includes(String.fromCharCode(7))).toBe(false);
    expect(vtt.match(/ --> /g)).toHaveLength((await fetchMedia(res.json().assets.final.captions.srtUrl)).body.match(/ --> /g)!.length);
  });

  it('reuses unchanged scene videos on a re-run', async () => {
    const before = (await api('GET', `/api/projects/${projectId}`)).json().assets.video_generated;
    const res = await api('POST', `/api/projects/${projectId}/generate-omni-videos`, { quality: 'standard', model: 'omni-human' });
    expect(res.json().videos).toEqual(before);
  });

  it('renders 1080p for a paid plan', async () => {
    const res = await trpcCall(t.app, 'mutation', 'generation.generateVideos', { id: projectId, quality: 'high', model: 'omni-human' }, paid);
    const file = join(dir, 'hd.mp4');
    await fetchMedia(res.data.videos['scene-1'], paid, file);
    expect((await probeFile(file)).video).toMatchObject({ width: 1080, height: 1920 });
  });

  it('keeps burned-in captions clear of the product the presenter shows', async () => {
    // A magenta bottle, shown beside the presenter (the lower right of the frame, where bottom captions would go).
    const bottle = await sharp({ create: { width: 300, height: 600, channels: 4, background: { r: 255, g: 0, b: 255, alpha: 1 } } }).png().toBuffer();
    const composed = await api('POST', `/api/projects/${projectId}/generate-avatar-product`, { productImage: `data:image/png;base64,${bottle.toString('base64')}`, interactionPrompt: 'showing the bottle', aspectRatio: '9:16' });
    expect(composed.statusCode).toBe(200);
    const beside = composed.json().variations[1];
    const keyOf = (url: string) => url.replace('/media/', '');
    await api('PUT', `/api/projects/${projectId}`, { assets: { avatar_product: { selected: beside } } });
    // Step 6's preview is told where the merge will put each look: bottom captions beside the bottle (the right third), only for the owner.
    const places = await trpcCall(t.app, 'query', 'generation.captionPlaces', { id: projectId }, paid);
    for (const style of ['clean', 'highlight'] as const) {
      expect(places.data[style].bottom.right).toBeLessThan(0.65);
      expect(places.data[style].bottom.top).toBeGreaterThan(0.5);
      expect(places.data[style].top).toMatchObject({ left: expect.closeTo(0.07, 1), right: expect.closeTo(0.93, 1) });
    }
    expect((await trpcCall(t.app, 'query', 'generation.captionPlaces', { id: projectId }, free)).status).toBe(404);
    // A Free customer's own project is answered (the preview is not a paid feature); with no picture yet, the plain places.
    const freePlaces = await trpcCall(t.app, 'query', 'generation.captionPlaces', { id: freeProjectId }, free);
    expect(freePlaces.status).toBe(200);
    expect(freePlaces.data.highlight.bottom).toMatchObject({ left: expect.closeTo(0.05, 2), right: expect.closeTo(0.95, 2) });
    // Hostile ids are refused (control characters) or no project, never a server error.
    expect((await trpcCall(t.app, 'query', 'generation.captionPlaces', { id: 'a\u0000b\u001b[2J' }, paid)).status).toBe(400);
    for (const id of ['x'.repeat(100_000), `${projectId}' OR '1'='1`]) expect((await trpcCall(t.app, 'query', 'generation.captionPlaces', { id }, paid)).status, id.slice(0, 20)).toBe(404);
    // Asked at once (the picture's areas are worked out and kept by whichever call gets there), every answer is the same.
    expect(await t.app.core.storage.deletePrefix(keyOf(beside).replace(/\.png$/, '-clear.json'))).toBe(1);
    const together = await Promise.all(Array.from({ length: 4 }, () => trpcCall(t.app, 'query', 'generation.captionPlaces', { id: projectId }, paid)));
    for (const answer of together) expect(answer.data).toEqual(places.data);
    expect((await api('POST', `/api/projects/${projectId}/generate-omni-videos`, { quality: 'standard', model: 'omni-human' })).statusCode).toBe(200);
    // The same reel without captions, and with them.
    const plain = await api('POST', `/api/projects/${projectId}/create-final-video`, { transition: 'none', captions: false });
    const plainFile = join(dir, 'final-product-plain.mp4');
    await fetchMedia(plain.json().assets.final.url, paid, plainFile);
    const res = await api('POST', `/api/projects/${projectId}/create-final-video`, { transition: 'none', captions: true, captionStyle: 'highlight', captionPosition: 'bottom' });
    expect(res.statusCode).toBe(200);
    const file = join(dir, 'final-product.mp4');
    await fetchMedia(res.json().assets.final.url, paid, file);
    const vtt = (await fetchMedia(res.json().assets.final.captions.vttUrl)).body as string;
    const seconds = (hms: string) => hms.split(':').reduce((total, part) => total * 60 + Number(part), 0);
    const times = [...vtt.matchAll(/(\d\d:\d\d:\d\d\.\d{3}) --> (\d\d:\d\d:\d\d\.\d{3})/g)].slice(0, 4).map((m) => (seconds(m[1]!) + seconds(m[2]!)) / 2);
    expect(times).toHaveLength(4);
    const box = (match: (i: number) => boolean) => {
      let found = { left: Infinity, right: -1, top: Infinity, bottom: -1, count: 0 };
      for (let i = 0; i < 360 * 640; i++) {
        if (!match(i)) continue;
        const x = i % 360;
        const y = Math.floor(i / 360);
        found = { left: Math.min(found.left, x), right: Math.max(found.right, x), top: Math.min(found.top, y), bottom: Math.max(found.bottom, y), count: found.count + 1 };
      }
      return found;
    };
    for (const at of times) {
      const [before, after] = await Promise.all([rgbFrame(plainFile, 360, 640, Math.round(at * 25)), rgbFrame(file, 360, 640, Math.round(at * 25))]);
      const product = box((i) => before[i * 3]! > 200 && before[i * 3 + 1]! < 80 && before[i * 3 + 2]! > 200);
      // Caption letters: white or the highlight's yellow where the picture without captions has neither (re-encoding moves edges, not colours).
      const lettering = (p: Buffer, i: number) => (p[i * 3]! > 250 && p[i * 3 + 1]! > 250 && p[i * 3 + 2]! > 250) || (p[i * 3]! > 220 && p[i * 3 + 1]! > 190 && p[i * 3 + 2]! < 80);
      const drawn = (i: number) => lettering(after, i) && !lettering(before, i);
      const inside = (i: number, b: typeof product) => i % 360 >= b.left && i % 360 <= b.right && Math.floor(i / 360) >= b.top && Math.floor(i / 360) <= b.bottom;
      expect(product.count, `the bottle at ${at} s`).toBeGreaterThan(500);
      // The caption is drawn in the lower half, and none of it over the bottle.
      expect(box((i) => i >= 320 * 360 && drawn(i)).count, `the caption at ${at} s`).toBeGreaterThan(150);
      expect(box((i) => inside(i, product) && drawn(i)).count, `caption letters over the bottle at ${at} s`).toBeLessThan(5);
    }
  });

  it('watermarks a Free customer’s video and shares a finished project publicly', async () => {
    await api('POST', `/api/projects/${freeProjectId}/generate-scenes`, { script, reelTime: 20 }, free);
    const voices = (await t.app.inject({ method: 'GET', url: '/api/voices' })).json();
    await api('POST', `/api/projects/${freeProjectId}/generate-voiceover`, { voiceId: voices[3].id, sceneSpeedSettings: {} }, free);
    const avatars = (await api('POST', `/api/projects/${freeProjectId}/generate-avatar`, { combinedPrompt: 'A man in a gym', model: 'flux-kontext', aspectRatio: '9:16' }, free)).json();
    await api('PATCH', `/api/projects/${freeProjectId}`, { selectedAvatar: 0 }, free);
    const hd = await api('POST', `/api/projects/${freeProjectId}/generate-omni-videos`, { quality: 'high', model: 'omni-human' }, free);
    expect(hd.statusCode).toBe(402);
    expect(hd.json().error).toBe('HD Quality Locked: High-quality video generation is only available for paid subscribers.');
    const videos = (await api('POST', `/api/projects/${freeProjectId}/generate-omni-videos`, { quality: 'standard', model: 'omni-human' }, free)).json();
    const job = await t.db.db.selectFrom('generation_jobs').select('input').where('project_id', '=', freeProjectId).where('kind', '=', 'videos').executeTakeFirstOrThrow();
    expect(job.input).toMatchObject({ watermark: true });
    // The watermark shows where the plain picture has nothing: compare frame and picture per corner.
    const stillFile = join(dir, 'free-avatar.png');
    const videoFile = join(dir, 'free-scene.mp4');
    await fetchMedia(avatars.variations[0], free, stillFile);
    await fetchMedia(videos.videos['scene-1'], free, videoFile);
    const [still, frame] = await Promise.all([rgbPixels(stillFile, 360, 640), rgbPixels(videoFile, 360, 640, 1)]);
    const corners = {
      topLeft: regionDifference(still, frame, 360, { x: 0, y: 0, w: 120, h: 60 }),
      topRight: regionDifference(still, frame, 360, { x: 240, y: 0, w: 120, h: 60 }),
      bottomLeft: regionDifference(still, frame, 360, { x: 0, y: 580, w: 120, h: 60 }),
      bottomRight: regionDifference(still, frame, 360, { x: 240, y: 580, w: 120, h: 60 }),
    };
    const values = Object.values(corners).sort((a, b) => a - b);
    expect(values.at(-1)!, JSON.stringify(corners)).toBeGreaterThan(values[0]! * 3 + 8);
    const final = (await api('POST', `/api/projects/${freeProjectId}/create-final-video`, { transition: 'fade', captions: false }, free)).json();
    const finalUrl = final.assets.final.url;
    // Free has no downloads: the file plays in the page but is not offered as a download.
    const download = await t.app.inject({ method: 'GET', url: `${finalUrl}?download=1`, headers: { cookie: free } });
    expect(download.statusCode).toBe(403);
    expect(download.json()).toMatchObject({ error: 'Upgrade Required: Video downloads are not available on the Free plan', reason: 'download' });
    expect((await t.app.inject({ method: 'GET', url: finalUrl, headers: { cookie: free } })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: finalUrl })).statusCode).toBe(404);
    const share = (await api('POST', `/api/projects/${freeProjectId}/share`, undefined, free)).json();
    const publicView = (await t.app.inject({ method: 'GET', url: `/api/share/${share.shortId}` })).json();
    expect(publicView.project.finalVideo.url).toBe(finalUrl);
    // The length the page shows is the merged file's own, measured when it was made.
    expect(publicView.project.finalVideo.durationSeconds).toBeGreaterThan(1);
    expect(publicView.project.finalVideo.durationSeconds).toBe(final.assets.final.durationSeconds);
    // Subtitle files are made with every merged video; the share page's player gets the WebVTT track.
    expect(publicView.project.finalVideo.captionsUrl).toBe(final.assets.final.captions.vttUrl);
    expect(final.assets.final.captions.style).toBeNull();
    const track = await t.app.inject({ method: 'GET', url: publicView.project.finalVideo.captionsUrl });
    expect(track.statusCode).toBe(200);
    expect(track.body).toMatch(/^WEBVTT\n/);
    // Downloading the subtitle file is a download like the video's: not on the Free plan.
    expect((await t.app.inject({ method: 'GET', url: `${final.assets.final.captions.srtUrl}?download=1`, headers: { cookie: free } })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: finalUrl })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: publicView.project.posterUrl })).statusCode).toBe(200);
    // Only the final video and poster are public: the scene videos stay private.
    expect((await t.app.inject({ method: 'GET', url: videos.videos['scene-1'] })).statusCode).toBe(404);
  });

  it('removes a deleted project’s media', async () => {
    const project = (await api('GET', `/api/projects/${freeProjectId}`, undefined, free)).json();
    const url = project.assets.voiceover['scene-1'];
    expect((await fetchMedia(url, free)).statusCode).toBe(200);
    await t.app.inject({ method: 'DELETE', url: `/api/projects/${freeProjectId}`, headers: { cookie: free } });
    expect(await t.app.core.storage.stat(url.replace('/media/', ''))).toBeNull();
    expect(await t.db.db.selectFrom('generation_jobs').select('id').where('project_id', '=', freeProjectId).execute()).toHaveLength(0);
  });

  it('answers every generation call through tRPC as through REST', async () => {
    const voices = (await t.app.inject({ method: 'GET', url: '/api/voices' })).json();
    const scenes = await trpcCall(t.app, 'mutation', 'generation.generateScenes', { id: projectId, script, reelTime: 20 }, paid);
    expect(scenes.data.scenes).toHaveLength(3);
    const regen = await api('POST', `/api/projects/${projectId}/regenerate-scene`, { sceneIndex: null, regenerateAll: true, reelTime: 20, script });
    expect(regen.json().message).toBe('All scenes regenerated');
    const preview = await trpcCall(t.app, 'mutation', 'generation.voicePreview', { voiceId: voices[1].id, text: script, speed: 0.9 }, paid);
    expect(preview.data.url).toMatch(/^\/media\/previews\//);
    const voiced = await trpcCall(t.app, 'mutation', 'generation.generateVoiceover', { id: projectId, voiceId: voices[1].id, sceneSpeedSettings: {} }, paid);
    expect(Object.keys(voiced.data.voiceover)).toHaveLength(3);
    const avatars = await trpcCall(t.app, 'mutation', 'generation.generateAvatar', { id: projectId, combinedPrompt: 'A man in an office', model: 'flux-kontext', aspectRatio: '1:1' }, paid);
    expect(avatars.data.variations).toHaveLength(4);
    expect(avatars.data.project.aspect).toBe('1:1');
    expect(avatars.data.project.assets.avatar.selected).toBeNull();
    // The project's new 1:1 aspect carries through to the scene videos.
    await api('PATCH', `/api/projects/${projectId}`, { selectedAvatar: 0 });
    const square = await api('POST', `/api/projects/${projectId}/generate-omni-videos`, { quality: 'standard', model: 'omni-human' });
    const squareFile = join(dir, 'square.mp4');
    await fetchMedia(square.json().videos['scene-1'], paid, squareFile);
    expect((await probeFile(squareFile)).video).toMatchObject({ width: 360, height: 360 });
    const jobs = await trpcCall(t.app, 'query', 'generation.jobs', { id: projectId }, paid);
    expect(jobs.data.map((j: { kind: string }) => j.kind)).toEqual(expect.arrayContaining(['voiceover', 'avatars', 'videos', 'final']));
    expect(jobs.data.every((j: { status: string }) => j.status === 'succeeded')).toBe(true);
  });
});
