// Frame strips of a captioned reel, for docs/screens: the local engine voices two scenes, renders them
// with an illustrated presenter and merges them with captions in each style; five frames taken while
// words are spoken are laid side by side. Run: pnpm --filter @reelsmith/media frame-strips
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { CaptionStyle } from '@reelsmith/shared';
import { LocalAvatarImager } from '../src/avatars/index.ts';
import { runFfmpeg } from '../src/ffmpeg.ts';
import { LocalTalkingVideoRenderer, LocalVideoMerger } from '../src/video/index.ts';
import { LocalSpeechSynthesiser } from '../src/voices/local-synthesiser.ts';

const screens = resolve(import.meta.dirname, '../../../docs/screens');
const scenes = ['Tired of dull skin every morning? This serum changed my routine.', 'Two drops at night, and my face looks brighter by breakfast!'];
const FRAMES = 5;

const work = await mkdtemp(join(tmpdir(), 'reelsmith-strips-'));
try {
  const [avatar] = await new LocalAvatarImager().generate({ description: 'a friendly woman in her thirties in a bright kitchen', aspect: '9:16', model: 'google-imagen-4-ultra', count: 1, outDir: work });
  const synthesiser = new LocalSpeechSynthesiser();
  const renderer = new LocalTalkingVideoRenderer();
  const clips: string[] = [];
  const clipWords = [];
  for (const [i, text] of scenes.entries()) {
    const voice = await synthesiser.synthesise({ voiceId: 'rs-ava', text, speed: 1, outFile: join(work, `voice-${i}.m4a`) });
    clipWords.push(voice.words ?? []);
    const clip = await renderer.render({ imageFile: avatar!.file, mouthOpenFile: avatar!.mouthOpenFile, audioFile: voice.file, aspect: '9:16', quality: 'high', watermark: false, outFile: join(work, `clip-${i}.mp4`) });
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
} finally {
  await rm(work, { recursive: true, force: true });
}
