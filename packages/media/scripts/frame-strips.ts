// Frame strips for docs/screens: a captioned reel in each style (the local engine voices two scenes,
// renders them with an illustrated presenter and merges them with captions; five frames taken while
// words are spoken, side by side), the presenter's mouth shapes, and a blink frame by frame.
// Run: pnpm --filter @reelsmith/media frame-strips
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { CaptionStyle } from '@reelsmith/shared';
import { avatarsWithSideFrames, LocalAvatarImager } from '../src/avatars/index.ts';
import type { SpokenPhoneme } from '../src/engines.ts';
import { runFfmpeg } from '../src/ffmpeg.ts';
import sharp from 'sharp';
import { LocalTalkingVideoRenderer, LocalVideoMerger, VISEMES } from '../src/video/index.ts';
import { mouthShape, openingBox } from '../src/video/mouth-shapes.ts';
import { fitStillRgb } from '../src/video/stills.ts';
import { LocalSpeechSynthesiser } from '../src/voices/local-synthesiser.ts';

const screens = resolve(import.meta.dirname, '../../../docs/screens');
const scenes = ['Tired of dull skin every morning? This serum changed my routine.', 'Two drops at night, and my face looks brighter by breakfast!'];
const FRAMES = 5;

const work = await mkdtemp(join(tmpdir(), 'reelsmith-strips-'));
try {
  const [avatar] = await avatarsWithSideFrames(new LocalAvatarImager(), { description: 'a friendly woman in her thirties in a bright kitchen', aspect: '9:16', model: 'google-imagen-4-ultra', count: 1, outDir: work });
  const synthesiser = new LocalSpeechSynthesiser();
  const renderer = new LocalTalkingVideoRenderer();
  const clips: string[] = [];
  const clipWords = [];
  let firstPhonemes: SpokenPhoneme[] | undefined;
  for (const [i, text] of scenes.entries()) {
    const voice = await synthesiser.synthesise({ voiceId: 'rs-ava', text, speed: 1, outFile: join(work, `voice-${i}.m4a`) });
    clipWords.push(voice.words ?? []);
    if (i === 0) firstPhonemes = voice.phonemes;
    const clip = await renderer.render({ imageFile: avatar!.file, mouthOpenFile: avatar!.mouthOpenFile, eyesClosedFile: avatar!.eyesClosedFile ?? null, settingFile: avatar!.settingFile ?? null, audioFile: voice.file, phonemes: voice.phonemes, aspect: '9:16', quality: 'high', watermark: false, outFile: join(work, `clip-${i}.mp4`) });
    clips.push(clip.file);
  }
  for (const style of ['clean', 'highlight'] as CaptionStyle[]) {
    const merged = await new LocalVideoMerger().merge({ clips, transition: 'crossfade', outFile: join(work, `${style}.mp4`), captions: { clipWords, style, position: 'bottom' } });
    // Frames spread over the reel, each in the middle of a spoken word.
    const words = clipWords.flatMap((words, k) => words.map((w) => merged.clips[k]!.startSeconds + (w.startSeconds + w.endSeconds) / 2));
    const picks = Array.from({ length: FRAMES }, (_v, i) => words[Math.round((i * (words.length - 1)) / (FRAMES - 1))]!);
    const inputs = picks.flatMap((t) => ['-ss', t.toFixed(3), '-i', merged.file]);
    const scaled = picks.map((_t, i) => `[${i}:v]trim=end_frame=1,scale=270:480[f${i}]`).join(';');
    const out = join(screens, `captions-${style}.png`);
    await runFfmpeg([...inputs, '-filter_complex', `${scaled};${picks.map((_t, i) => `[f${i}]`).join('')}hstack=inputs=${FRAMES}`, '-frames:v', '1', out]);
    process.stdout.write(`${out}: frames at ${picks.map((t) => t.toFixed(2)).join(', ')} s\n`);
  }
  await mouthStrip(avatar!.file, avatar!.mouthOpenFile!);
  // The blink strip from the first scene rendered without the sway, so only the eyes change between frames.
  const still = await renderer.render({ imageFile: avatar!.file, mouthOpenFile: avatar!.mouthOpenFile, eyesClosedFile: avatar!.eyesClosedFile ?? null, audioFile: join(work, 'voice-0.m4a'), phonemes: firstPhonemes, aspect: '9:16', quality: 'high', watermark: false, outFile: join(work, 'still-0.mp4') });
  await blinkStrip(still.file, avatar!.file, avatar!.eyesClosedFile!);
} finally {
  await rm(work, { recursive: true, force: true });
}

/** The nine mouth shapes (mouth-shapes.ts) of one presenter, side by side and named. */
async function mouthStrip(closedFile: string, openFile: string): Promise<void> {
  const size = { width: 1080, height: 1920 };
  const [a, b] = await Promise.all([fitStillRgb(closedFile, size, null), fitStillRgb(openFile, size, null)]);
  const closed = { data: a.data, ...a.info };
  const open = { data: b.data, ...b.info };
  const box = openingBox(closed, open)!;
  const cell = { left: box.left - 90, top: box.top - 70, width: box.right - box.left + 180, height: box.bottom - box.top + 140 };
  const tiles = await Promise.all(
    VISEMES.map(async (viseme) => {
      const frame = mouthShape(closed, open, box, viseme);
      const crop = await sharp(frame.data, { raw: { width: frame.width, height: frame.height, channels: frame.channels as 3 } }).extract(cell).png().toBuffer();
      const label = Buffer.from(`<svg width="${cell.width}" height="44"><rect width="100%" height="100%" fill="#fff"/><text x="50%" y="30" font-family="DejaVu Sans" font-size="24" text-anchor="middle" fill="#222">${viseme}</text></svg>`);
      return sharp({ create: { width: cell.width, height: cell.height + 44, channels: 3, background: '#fff' } })
        .composite([{ input: crop, top: 0, left: 0 }, { input: label, top: cell.height, left: 0 }])
        .png()
        .toBuffer();
    }),
  );
  const out = join(screens, 'mouth-shapes.png');
  await sharp({ create: { width: cell.width * tiles.length, height: cell.height + 44, channels: 3, background: '#fff' } })
    .composite(tiles.map((input, i) => ({ input, top: 0, left: i * cell.width })))
    .png()
    .toFile(out);
  process.stdout.write(`${out}: ${VISEMES.join(', ')}\n`);
}

/** The first blink of a rendered clip, frame by frame (a frame before it to a frame after), around the eyes. */
async function blinkStrip(clip: string, closedFile: string, shutFile: string): Promise<void> {
  const size = { width: 1080, height: 1920 };
  const [a, b] = await Promise.all([fitStillRgb(closedFile, size, null), fitStillRgb(shutFile, size, null)]);
  const eyes = openingBox({ data: a.data, ...a.info }, { data: b.data, ...b.info })!;
  const even = (n: number) => Math.round(n / 2) * 2;
  const cell = { x: even(eyes.left - 60), y: even(eyes.top - 50), width: even(eyes.right - eyes.left + 120), height: even(eyes.bottom - eyes.top + 100) };
  // Every frame of the first six seconds around the eyes, as raw RGB, to find the blink in the video itself.
  const raw = join(work, 'eyes.rgb');
  await runFfmpeg(['-i', clip, '-t', '6', '-vf', `crop=${cell.width}:${cell.height}:${cell.x}:${cell.y}`, '-f', 'rawvideo', '-pix_fmt', 'rgb24', raw]);
  const bytes = await readFile(raw);
  const frameBytes = cell.width * cell.height * 3;
  const frames = Array.from({ length: Math.floor(bytes.length / frameBytes) }, (_v, i) => bytes.subarray(i * frameBytes, (i + 1) * frameBytes));
  const differs = frames.map((frame) => frame.reduce((sum, v, i) => sum + Math.abs(v - frames[0]![i]!), 0) / frame.length);
  const start = differs.findIndex((d) => d > 4);
  if (start < 1) throw new Error('no blink in the first six seconds');
  const picks = Array.from({ length: 6 }, (_v, i) => start - 1 + i);
  const out = join(screens, 'blink.png');
  await sharp({ create: { width: cell.width * picks.length, height: cell.height, channels: 3, background: '#fff' } })
    .composite(picks.map((f, i) => ({ input: frames[f]!, raw: { width: cell.width, height: cell.height, channels: 3 as const }, top: 0, left: i * cell.width })))
    .png()
    .toFile(out);
  process.stdout.write(`${out}: frames ${picks.join(', ')} (${(start / 25).toFixed(2)} s)\n`);
}
