import { copyFile, mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runFfmpeg } from '../ffmpeg.ts';
import { CROSSFADE_SECONDS, LocalTalkingVideoRenderer, LocalVideoMerger, VideoRenderError } from './index.ts';
import { readMp4Info } from './mp4-info.ts';
import { greyFrames, makeAvatarStills, makeSpeechAudio, meanDifference, meanLevel, streamsOf, topLevelBoxes } from './test-fixtures.ts';

let dir: string;
/** Three 9:16 standard clips of 4, 5 and 6 s, and one 1:1 clip that cannot be stream-copied with them. */
let clips: string[];
let squareClip: string;
const lengths = [4, 5, 6];

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'reelsmith-merge-test-'));
  const stills = await makeAvatarStills(dir);
  const audio = await Promise.all(lengths.map((s) => makeSpeechAudio(dir, s)));
  const renderer = new LocalTalkingVideoRenderer();
  const render = (audioFile: string, name: string, aspect: '9:16' | '1:1' = '9:16') =>
    renderer
      .render({ imageFile: stills.closed, mouthOpenFile: stills.open, audioFile, aspect, quality: 'standard', watermark: false, outFile: join(dir, name) })
      .then((r) => r.file);
  clips = await Promise.all(audio.map((a, i) => render(a, `clip-${i}.mp4`)));
  squareClip = await render(audio[0]!, 'square.mp4', '1:1');
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function expectMp4(file: string, expectedSeconds: number, size = { width: 360, height: 640 }) {
  const { streams, durationSeconds } = await streamsOf(file);
  expect(streams.filter((s) => s.codec_type === 'video')).toEqual([expect.objectContaining({ codec_name: 'h264', ...size })]);
  expect(streams.filter((s) => s.codec_type === 'audio')).toEqual([expect.objectContaining({ codec_name: 'aac' })]);
  expect(Math.abs(durationSeconds - expectedSeconds)).toBeLessThan(0.1);
  const boxes = await topLevelBoxes(file);
  expect(boxes.indexOf('moov')).toBeLessThan(boxes.indexOf('mdat'));
}

function recordingMerger() {
  const commands: string[][] = [];
  return { merger: new LocalVideoMerger({ onFfmpeg: (args) => commands.push(args) }), commands };
}

describe('LocalVideoMerger', () => {
  it("joins matching clips with 'none' by stream copy, total = sum", async () => {
    const { merger, commands } = recordingMerger();
    const progress: number[] = [];
    const outFile = join(dir, 'none.mp4');
    const result = await merger.merge({ clips, transition: 'none', outFile, onProgress: (f) => progress.push(f) });
    expect(result).toMatchObject({ file: outFile, width: 360, height: 640 });
    expect(Math.abs(result.durationSeconds - 15)).toBeLessThan(0.1);
    await expectMp4(outFile, 15);
    expect(commands).toHaveLength(1);
    expect(commands[0]).toEqual(expect.arrayContaining(['concat', 'copy']));
    expect(commands[0]).not.toContain('-filter_complex');
    expect(progress.at(-1)).toBe(1);
  });

  it("re-encodes mismatched clips with 'none', fitting them into the first clip's frame", async () => {
    const { merger, commands } = recordingMerger();
    const outFile = join(dir, 'none-mixed.mp4');
    const result = await merger.merge({ clips: [clips[0]!, squareClip], transition: 'none', outFile });
    expect(commands[0]).toContain('-filter_complex');
    expect(commands[0]).toContain('libx264');
    expect(result).toMatchObject({ width: 360, height: 640 });
    await expectMp4(outFile, 8);
  });

  it('describes non-MP4 clips with ffprobe and re-encodes them', async () => {
    const mkv = join(dir, 'clip-0.mkv');
    await runFfmpeg(['-i', clips[0]!, '-c', 'copy', mkv]);
    const { merger, commands } = recordingMerger();
    const outFile = join(dir, 'none-mkv.mp4');
    await merger.merge({ clips: [mkv, clips[1]!], transition: 'none', outFile });
    expect(commands[0]).toContain('-filter_complex');
    await expectMp4(outFile, 9);
  });

  it("dips to black between clips with 'fade', total = sum", async () => {
    const outFile = join(dir, 'fade.mp4');
    const result = await new LocalVideoMerger().merge({ clips, transition: 'fade', outFile });
    await expectMp4(outFile, 15);
    expect(Math.abs(result.durationSeconds - 15)).toBeLessThan(0.1);
    const frames = await greyFrames(outFile, { x: 0, y: 0, width: 360, height: 640 });
    // The frame at each join is (nearly) black; a frame mid-clip is not.
    expect(meanLevel(frames[4 * 25]!)).toBeLessThan(20);
    expect(meanLevel(frames[9 * 25]!)).toBeLessThan(20);
    expect(meanLevel(frames[2 * 25]!)).toBeGreaterThan(60);
  });

  it("overlaps clips with 'crossfade', total = sum − (n−1)×d, encoding only the joins", async () => {
    const { merger, commands } = recordingMerger();
    const outFile = join(dir, 'crossfade.mp4');
    const result = await merger.merge({ clips, transition: 'crossfade', outFile });
    const expected = 15 - 2 * CROSSFADE_SECONDS;
    await expectMp4(outFile, expected);
    expect(Math.abs(result.durationSeconds - expected)).toBeLessThan(0.1);
    // First the two joins' pieces (video only, blended), then the assembly: video copied, audio overlapped.
    expect(commands).toHaveLength(2);
    expect(commands[0]!.join(' ')).toMatch(/xfade=transition=fade.*xfade=transition=fade/);
    expect(commands[0]).toContain('-an');
    expect(commands[1]).toEqual(expect.arrayContaining(['concat', '-c:v', 'copy']));
    expect(commands[1]!.join(' ')).toMatch(/acrossfade.*acrossfade/);
    const { streams } = await streamsOf(outFile);
    expect(Math.abs(Number(streams[0]!.duration) - Number(streams[1]!.duration))).toBeLessThan(0.05);
  });

  it('copies each scene between its joins untouched, and blends or dips only at the joins', async () => {
    const whole = { x: 0, y: 0, width: 360, height: 640 };
    const sources = await Promise.all(clips.map((clip) => greyFrames(clip, whole, { eachFrame: true })));
    for (const transition of ['crossfade', 'fade'] as const) {
      const outFile = join(dir, `cut-${transition}.mp4`);
      await new LocalVideoMerger().merge({ clips, transition, outFile });
      const frames = await greyFrames(outFile, whole, { eachFrame: true });
      const info = (await readMp4Info(outFile))!.video!;
      expect(info.frames).toBe(frames.length);
      // Where each clip's copied middle starts in the output, given what each join kept.
      const clipInfos = await Promise.all(clips.map((c) => readMp4Info(c)));
      let start = 0;
      for (const [i, source] of sources.entries()) {
        const keys = clipInfos[i]!.video!.keyframes!;
        const from = i === 0 ? 0 : keys.find((k) => k > 0 && k < 20)!;
        const to = i === clips.length - 1 ? source.length : keys.findLast((k) => k > source.length - 20)!;
        // The middle frames are the clip's own (the copy decodes to the very same pictures).
        for (const f of [from, Math.floor((from + to) / 2), to - 1]) expect(meanDifference(frames[start + f - from]!, source[f]!), `${transition} clip ${i} frame ${f}`).toBe(0);
        if (i < clips.length - 1) {
          const next = clipInfos[i + 1]!.video!.keyframes!.find((k) => k > 0 && k < 20)!;
          const tail = source.length - to;
          const piece = transition === 'crossfade' ? tail + next - Math.min(tail, next) : tail + next;
          const middle = frames[start + (to - from) + Math.floor(piece / 2)]!;
          if (transition === 'fade') expect(meanLevel(middle)).toBeLessThan(30);
          else expect(meanLevel(middle)).toBeGreaterThan(60);
          start += to - from + piece;
        }
      }
      expect(start + (sources.at(-1)!.length - clipInfos.at(-1)!.video!.keyframes!.find((k) => k > 0 && k < 20)!)).toBe(frames.length);
    }
  });

  it('re-encodes whole when a clip cannot be cut at its ends (B-frames, no keyframes there), and when told to', async () => {
    const foreign = join(dir, 'foreign.mp4');
    await runFfmpeg(['-i', clips[1]!, '-c:v', 'libx264', '-preset', 'ultrafast', '-bf', '3', '-profile:v', 'high', '-pix_fmt', 'yuv420p', '-c:a', 'copy', '-f', 'mp4', foreign]);
    for (const [list, options] of [
      [[clips[0]!, foreign, clips[2]!], {}],
      [clips, { cutJoins: false }],
    ] as const) {
      const commands: string[][] = [];
      const outFile = join(dir, `whole-${commands.length}-${list.length}-${String(options.cutJoins)}.mp4`);
      const result = await new LocalVideoMerger({ ...options, onFfmpeg: (args) => commands.push(args) }).merge({ clips: [...list], transition: 'crossfade', outFile });
      expect(commands).toHaveLength(1);
      expect(commands[0]!.join(' ')).toMatch(/xfade=transition=fade.*acrossfade/);
      expect(Math.abs(result.durationSeconds - (15 - 2 * CROSSFADE_SECONDS))).toBeLessThan(0.1);
    }
  });

  it("cuts and joins clips whose paths hold quotes, spaces and shell syntax, through either concat list", async () => {
    const odd = join(dir, "it's a \"scene\" $(x) ;");
    await mkdir(odd, { recursive: true });
    const copies = await Promise.all(clips.map(async (clip, i) => {
      const copy = join(odd, `clip '${i}'.mp4`);
      await copyFile(clip, copy);
      return copy;
    }));
    for (const transition of ['none', 'crossfade'] as const) {
      const { merger, commands } = recordingMerger();
      const outFile = join(odd, `out-${transition}.mp4`);
      await merger.merge({ clips: copies, transition, outFile });
      await expectMp4(outFile, transition === 'none' ? 15 : 15 - 2 * CROSSFADE_SECONDS);
      // Stream-copied from the list (no whole re-encode).
      expect(commands.at(-1)).toEqual(expect.arrayContaining(['concat']));
    }
  });

  it('runs merges of the same clips side by side, each with its own work and output', async () => {
    const outs = ['crossfade', 'fade', 'crossfade', 'none'].map((transition, i) => ({ transition: transition as 'crossfade' | 'fade' | 'none', outFile: join(dir, `parallel-${i}.mp4`) }));
    const results = await Promise.all(outs.map(({ transition, outFile }) => new LocalVideoMerger().merge({ clips, transition, outFile })));
    for (const [i, { transition, outFile }] of outs.entries()) {
      const expected = transition === 'crossfade' ? 15 - 2 * CROSSFADE_SECONDS : 15;
      await expectMp4(outFile, expected);
      expect(Math.abs(results[i]!.durationSeconds - expected)).toBeLessThan(0.1);
    }
  });

  it('clamps the crossfade below half the shortest clip', async () => {
    const short = await makeSpeechAudio(dir, 0.8, 'short.m4a');
    const stills = await makeAvatarStills(dir);
    const tiny = await new LocalTalkingVideoRenderer().render({
      imageFile: stills.closed, mouthOpenFile: stills.open, audioFile: short, aspect: '9:16', quality: 'standard', watermark: false, outFile: join(dir, 'tiny.mp4'),
    });
    const outFile = join(dir, 'crossfade-short.mp4');
    const result = await new LocalVideoMerger().merge({ clips: [clips[0]!, tiny.file], transition: 'crossfade', outFile });
    const d = 0.8 * 0.45;
    expect(Math.abs(result.durationSeconds - (4 + 0.8 - d))).toBeLessThan(0.1);
  });

  it('remuxes a single clip without encoding', async () => {
    const { merger, commands } = recordingMerger();
    const outFile = join(dir, 'single.mp4');
    const result = await merger.merge({ clips: [clips[1]!], transition: 'crossfade', outFile });
    expect(commands[0]).toEqual(expect.arrayContaining(['-c', 'copy']));
    await expectMp4(outFile, 5);
    expect(Math.abs(result.durationSeconds - 5)).toBeLessThan(0.1);
  });

  it('refuses an empty list and missing clips', async () => {
    const merger = new LocalVideoMerger();
    await expect(merger.merge({ clips: [], transition: 'none', outFile: join(dir, 'x.mp4') })).rejects.toMatchObject({ code: 'no-clips' });
    const err = await merger.merge({ clips: [join(dir, 'gone.mp4')], transition: 'none', outFile: join(dir, 'y.mp4') }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(VideoRenderError);
    expect(err).toMatchObject({ code: 'missing-input' });
  });
});

describe('LocalVideoMerger, burned-in captions', () => {
  const band = { x: 0, y: 530, width: 360, height: 100 };
  const top = { x: 0, y: 0, width: 360, height: 100 };
  const frameAt = (frames: Buffer[], seconds: number) => frames[Math.round(seconds * 25)]!;
  /** The share of pixels that changed clearly (a caption's letters and box), not encoding noise. */
  const changed = (a: Buffer, b: Buffer) => {
    let n = 0;
    for (let i = 0; i < a.length; i++) if (Math.abs(a[i]! - b[i]!) > 40) n += 1;
    return n / a.length;
  };

  it('draws each scene’s words while they are spoken, at the chosen place, and says where each clip starts', async () => {
    const merger = new LocalVideoMerger();
    const clipWords = [[{ text: 'Hello', startSeconds: 0.5, endSeconds: 1.4 }], [{ text: 'World', startSeconds: 0.5, endSeconds: 1.4 }], []];
    const [plain, captioned] = await Promise.all([
      merger.merge({ clips, transition: 'crossfade', outFile: join(dir, 'captions-plain.mp4') }),
      merger.merge({ clips, transition: 'crossfade', outFile: join(dir, 'captions-clean.mp4'), captions: { clipWords, style: 'clean', position: 'bottom' } }),
    ]);
    // Crossfades overlap the clips: the second starts 0.5 s before the first ends.
    expect(captioned.clips.map((c) => c.startSeconds)).toEqual([0, 4 - CROSSFADE_SECONDS, 9 - 2 * CROSSFADE_SECONDS]);
    plain.clips.forEach((c, i) => expect(Math.abs(c.startSeconds - captioned.clips[i]!.startSeconds)).toBeLessThan(0.05));
    await expectMp4(captioned.file, captioned.durationSeconds);

    const [plainBand, captionBand, plainTop, captionTop] = await Promise.all([greyFrames(plain.file, band), greyFrames(captioned.file, band), greyFrames(plain.file, top), greyFrames(captioned.file, top)]);
    const drawn = (t: number) => changed(frameAt(plainBand, t), frameAt(captionBand, t));
    // 'Hello' from 0.5 s (scene 1), 'World' from 3.5 + 0.5 s (scene 2); nothing between or after.
    expect(drawn(1.0)).toBeGreaterThan(0.03);
    expect(drawn(4.5)).toBeGreaterThan(0.03);
    expect(drawn(0.2)).toBeLessThan(0.002);
    expect(drawn(2.8)).toBeLessThan(0.002);
    expect(drawn(10)).toBeLessThan(0.002);
    // The word differs: the two captions are not the same picture.
    expect(changed(frameAt(captionBand, 1.0), frameAt(captionBand, 4.5))).toBeGreaterThan(0.01);
    // Away from the caption, the picture is the same.
    expect(changed(frameAt(plainTop, 1.0), frameAt(captionTop, 1.0))).toBeLessThan(0.002);
  });

  it('puts the word-by-word style at the top when asked', async () => {
    const merger = new LocalVideoMerger();
    const clipWords = [[{ text: 'Top', startSeconds: 0.2, endSeconds: 3 }]];
    const result = await merger.merge({ clips: [clips[0]!], transition: 'none', outFile: join(dir, 'captions-top.mp4'), captions: { clipWords, style: 'highlight', position: 'top' } });
    expect(result.clips).toEqual([{ startSeconds: 0, durationSeconds: expect.closeTo(4, 1) }]);
    const [plainTop, captionTop, plainBand, captionBand] = await Promise.all([greyFrames(clips[0]!, top), greyFrames(result.file, top), greyFrames(clips[0]!, band), greyFrames(result.file, band)]);
    expect(changed(frameAt(plainTop, 1), frameAt(captionTop, 1))).toBeGreaterThan(0.006);
    expect(changed(frameAt(plainBand, 1), frameAt(captionBand, 1))).toBeLessThan(0.002);
  });
});
