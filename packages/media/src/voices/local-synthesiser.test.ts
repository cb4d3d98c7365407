import { mkdtemp, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SpeechResult, Voice } from '../engines.ts';
import { probe, type ProbeResult } from '../ffmpeg.ts';
import { medianPitchHz, rms, zeroCrossingRate } from '../audio/analysis.ts';
import { decodePcm } from '../audio/pcm.ts';
import { frameRms, videoFrameCount } from '../audio/envelope.ts';
import { LOCAL_VOICES } from './catalogue.ts';
import { VoiceError, type VoiceErrorCode } from './errors.ts';
import { LocalSpeechSynthesiser, type LocalSpeechRequest } from './local-synthesiser.ts';
import { visemeOf } from '../video/visemes.ts';

let dir: string;
let workDir: string;
let synthesiser: LocalSpeechSynthesiser;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'reelsmith-voices-test-'));
  workDir = join(dir, 'work');
  await import('node:fs/promises').then((fs) => fs.mkdir(workDir));
  synthesiser = new LocalSpeechSynthesiser({ tmpDir: workDir, toolTimeoutMs: 30_000 });
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

function say(voiceId: string, text: string, speed = 1, extra: Partial<LocalSpeechRequest> = {}): Promise<SpeechResult> {
  const outFile = join(dir, `${voiceId}-${speed}-${Math.random().toString(36).slice(2)}.m4a`);
  return synthesiser.synthesise({ voiceId, text, speed, outFile, ...extra });
}

/** Enough bandwidth for sibilants (end-of-clip checks) and zero-crossing brightness. */
const RATE = 16_000;

async function samplesOf(file: string): Promise<Int16Array> {
  return (await decodePcm(file, { sampleRate: RATE })).samples;
}

/** Runs tasks with at most `limit` in flight, keeping the results in order. */
async function mapLimited<T, R>(items: readonly T[], limit: number, task: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array<R>(items.length);
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < items.length) {
      const index = next++;
      results[index] = await task(items[index] as T);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

interface Spoken {
  voice: Voice;
  result: SpeechResult;
  info: ProbeResult;
  /** The loudness per video frame of the file as written (decoded), the loudest 1. */
  fileLoudness: number[];
  pitch: number;
  zcr: number;
  loudness: number;
  leadingQuiet: number;
  trailingQuiet: number;
}

const QUIET = 0.006; // about -45 dBFS

describe('LocalSpeechSynthesiser, every voice', () => {
  let spoken: Spoken[];

  beforeAll(async () => {
    spoken = await mapLimited(LOCAL_VOICES, 2, async (voice) => {
      const result = await say(voice.id, 'Hello! This short sentence checks every voice.');
      const [info, samples] = await Promise.all([probe(result.file), samplesOf(result.file)]);
      const first = samples.findIndex((s) => Math.abs(s) / 32768 > QUIET);
      const last = samples.findLastIndex((s) => Math.abs(s) / 32768 > QUIET);
      return {
        voice,
        result,
        info,
        fileLoudness: frameRms(samples, RATE, 25, videoFrameCount(result.durationSeconds)),
        pitch: medianPitchHz(samples, RATE) ?? 0,
        zcr: zeroCrossingRate(samples, RATE),
        loudness: rms(samples),
        leadingQuiet: first / RATE,
        trailingQuiet: (samples.length - 1 - last) / RATE,
      };
    });
    // Every voice spoken (synthesiser, encoder and two readers each): about 20 s alone, but it has taken
    // over 60 s on two cores shared with other suites.
  }, 180_000);

  it('writes mono AAC in an MP4 container with a plausible duration for every voice', () => {
    expect(spoken).toHaveLength(LOCAL_VOICES.length);
    for (const { voice, result, info } of spoken) {
      const audio = info.streams.filter((s) => s.codec_type === 'audio');
      expect(audio, voice.id).toHaveLength(1);
      expect(info.streams.some((s) => s.codec_type === 'video')).toBe(false);
      expect(audio[0]?.codec_name).toBe('aac');
      expect(audio[0]?.channels).toBe(1);
      expect(audio[0]?.sample_rate).toBe('44100');
      expect(info.formatName).toContain('mp4');
      expect(result.mimeType).toBe('audio/mp4');
      expect(result.durationSeconds).toBe(info.durationSeconds);
      // Seven words: about 2 to 5 seconds whether the voice is brisk or slow.
      expect(result.durationSeconds, voice.id).toBeGreaterThan(1.5);
      expect(result.durationSeconds, voice.id).toBeLessThan(6);
    }
  });

  it('measures the loudness of each video frame from the samples it encoded, as the written file sounds', () => {
    for (const { voice, result, fileLoudness } of spoken) {
      const loudness = result.loudness ?? [];
      expect(loudness, voice.id).toHaveLength(fileLoudness.length);
      expect(Math.max(...loudness), voice.id).toBe(1);
      // AAC at 64 kb/s changes each frame's level by a few hundredths at most.
      const meanDifference = loudness.reduce((sum, level, f) => sum + Math.abs(level - fileLoudness[f]!), 0) / loudness.length;
      expect(meanDifference, voice.id).toBeLessThan(0.03);
      // The pauses are quiet and the speech loud in both.
      expect(loudness.filter((level) => level < 0.1).length, voice.id).toBeGreaterThan(0);
    }
  });

  it('trims leading and trailing silence to about 0.1 s', () => {
    for (const s of spoken) {
      expect(s.leadingQuiet, s.voice.id).toBeLessThan(0.2);
      expect(s.trailingQuiet, s.voice.id).toBeLessThan(0.25);
    }
  });

  it('levels every voice to a similar loudness', () => {
    const levels = spoken.map((s) => s.loudness);
    expect(Math.min(...levels)).toBeGreaterThan(0.05);
    expect(Math.max(...levels) / Math.min(...levels)).toBeLessThan(1.6);
  });

  it('sounds like its gender: female voices highest, non-binary in between, male lowest', () => {
    const pitches = (gender: string): number[] => spoken.filter((s) => s.voice.gender === gender).map((s) => s.pitch);
    expect(Math.min(...pitches('female'))).toBeGreaterThan(Math.max(...pitches('non-binary')));
    expect(Math.min(...pitches('non-binary'))).toBeGreaterThan(Math.max(...pitches('male')));
    expect(Math.min(...pitches('female'))).toBeGreaterThan(160);
    expect(Math.max(...pitches('male'))).toBeLessThan(135);
  });

  it('makes every pair of voices measurably different in pitch, brightness or pace', () => {
    const differs = (a: number, b: number, by: number): boolean => Math.abs(a - b) / Math.max(a, b) >= by;
    const alike: string[] = [];
    for (let i = 0; i < spoken.length; i++) {
      for (let j = i + 1; j < spoken.length; j++) {
        const a = spoken[i] as Spoken;
        const b = spoken[j] as Spoken;
        if (!differs(a.pitch, b.pitch, 0.05) && !differs(a.zcr, b.zcr, 0.05) && !differs(a.result.durationSeconds, b.result.durationSeconds, 0.05)) {
          alike.push(`${a.voice.id}~${b.voice.id}`);
        }
      }
    }
    expect(alike).toEqual([]);
  });

  it('leaves no temporary files behind', async () => {
    expect(await readdir(workDir)).toEqual([]);
  });
});

describe('LocalSpeechSynthesiser, speed', () => {
  const text = 'The quick brown fox jumps over the lazy dog, then runs far away into the quiet woods.';

  it.each(['rs-ava', 'rs-grace'])('%s reads slower at 0.7 and faster at 1.2, in proportion', async (voiceId) => {
    const [slow, normal, fast] = await mapLimited([0.7, 1, 1.2], 2, (speed) => say(voiceId, text, speed));
    const slowRatio = (slow?.durationSeconds ?? 0) / (normal?.durationSeconds ?? 1);
    const fastRatio = (fast?.durationSeconds ?? 0) / (normal?.durationSeconds ?? 1);
    // Expected 1/0.7 = 1.43 and 1/1.2 = 0.83; kept silences at the ends don't scale, hence the slack.
    expect(slowRatio).toBeGreaterThan(1.3);
    expect(slowRatio).toBeLessThan(1.55);
    expect(fastRatio).toBeGreaterThan(0.76);
    expect(fastRatio).toBeLessThan(0.9);
  });

  it('accepts 0.1 steps that floating point made slightly out of range', async () => {
    const result = await say('rs-leo', 'Quick check.', 0.1 * 7);
    expect(result.durationSeconds).toBeGreaterThan(0.3);
  });
});

/** Where sound resumes after at least `gapSeconds` of quiet (10 ms frames), in seconds. */
function soundOnsets(samples: Int16Array, gapSeconds: number): number[] {
  const frame = RATE / 100;
  const onsets: number[] = [];
  let quietFrames = Infinity;
  for (let at = 0; at + frame <= samples.length; at += frame) {
    let sum = 0;
    for (let i = at; i < at + frame; i++) sum += (samples[i]! / 32768) ** 2;
    const loud = Math.sqrt(sum / frame) > 0.02;
    if (loud && quietFrames * 0.01 >= gapSeconds) onsets.push(at / RATE);
    quietFrames = loud ? 0 : quietFrames + 1;
  }
  return onsets;
}

describe('LocalSpeechSynthesiser, word timings', () => {
  // Each sentence's first word follows a pause and starts with a voiced sound (quiet consonants like
  // 's' or 't' sit under the loudness threshold), so the audio itself shows when it starts.
  const text = 'Morning light. Lovely mornings matter. Now we all, really, enjoy it!';

  it.each(['rs-ava', 'rs-maya', 'rs-sofia'])('%s times every word of the text, each start within 100 ms of its sound', async (voiceId) => {
    const result = await say(voiceId, text);
    const words = result.words ?? [];
    expect(words.map((w) => w.text).join(' ')).toBe(text);
    for (const [i, w] of words.entries()) {
      expect(w.endSeconds).toBeGreaterThanOrEqual(w.startSeconds);
      expect(w.endSeconds).toBeLessThanOrEqual(result.durationSeconds + 0.001);
      if (i > 0) expect(w.startSeconds).toBeGreaterThanOrEqual(words[i - 1]!.endSeconds);
    }
    const onsets = soundOnsets(await samplesOf(result.file), 0.15);
    const starts = words.map((w) => w.startSeconds);
    const nearest = (t: number, among: number[]): number => Math.min(...among.map((s) => Math.abs(s - t)));
    // Each sentence's first word is where sound resumes, and sound resumes only where a word starts.
    for (const first of ['Morning', 'Lovely', 'Now']) expect(nearest(words.find((w) => w.text === first)!.startSeconds, onsets)).toBeLessThanOrEqual(0.1);
    for (const onset of onsets) expect(nearest(onset, starts), `sound at ${onset} s; words at ${starts.join(', ')}`).toBeLessThanOrEqual(0.1);
  });

  it.each(['rs-ava', 'rs-maya'])('%s says which sound is made when, in order and within the audio, enough for six mouth shapes', async (voiceId) => {
    const result = await say(voiceId, 'Many people forget how beautiful a slow morning by the water can feel.');
    const phonemes = result.phonemes ?? [];
    expect(phonemes.length).toBeGreaterThan(30);
    for (const [i, p] of phonemes.entries()) {
      expect(p.endSeconds).toBeGreaterThan(p.startSeconds);
      expect(p.endSeconds).toBeLessThanOrEqual(result.durationSeconds + 0.001);
      if (i > 0) expect(p.startSeconds).toBeGreaterThanOrEqual(phonemes[i - 1]!.startSeconds);
    }
    expect(new Set(phonemes.map((p) => visemeOf(p.phoneme))).size).toBeGreaterThanOrEqual(6);
  });

  it('times words the same way at another speed, in proportion', async () => {
    const [normal, slow] = await Promise.all([say('rs-ava', text), say('rs-ava', text, 0.7)]);
    const last = (r: SpeechResult): number => r.words!.at(-1)!.startSeconds;
    expect(last(slow) / last(normal)).toBeGreaterThan(1.3);
  });
});

describe('LocalSpeechSynthesiser, text and languages', () => {
  it('does not read emoji or markdown aloud', async () => {
    const [plain, decorated] = await Promise.all([say('rs-noah', 'Hello world, great news.'), say('rs-noah', '**Hello** 👋🏽 world, _great_ news. 🎉')]);
    expect(decorated.durationSeconds).toBe(plain.durationSeconds);
    expect(Buffer.from((await samplesOf(decorated.file)).buffer).equals(Buffer.from((await samplesOf(plain.file)).buffer))).toBe(true);
  });

  it('passes text that looks like options or shell code through untouched', async () => {
    const result = await say('rs-ava', '-w /tmp/x.wav; $(touch pwned) `ls` && echo "hi" -f');
    expect(result.durationSeconds).toBeGreaterThan(1);
    await expect(stat(join(process.cwd(), 'pwned'))).rejects.toThrow();
  });

  it('reads other languages with a multilingual voice', async () => {
    const text = 'Hola, gracias por venir. Esta crema es increíble.';
    const [english, spanish] = await Promise.all([say('rs-sofia', text), say('rs-sofia', text, 1, { language: 'es-MX' })]);
    expect(spanish.durationSeconds).toBeGreaterThan(1);
    expect(Buffer.from((await samplesOf(spanish.file)).buffer).equals(Buffer.from((await samplesOf(english.file)).buffer))).toBe(false);
  });

  it.each(['fr', 'de', 'it', 'pt', 'multilingual', 'EN'])('reads %s with a multilingual voice', async (language) => {
    expect((await say('rs-henri', 'Un deux trois.', 1, { language })).durationSeconds).toBeGreaterThan(0.5);
  });

  it('creates missing folders and replaces an existing file', async () => {
    const outFile = join(dir, 'nested', 'deeper', 'scene-1.m4a');
    await synthesiser.synthesise({ voiceId: 'rs-maya', text: 'First take.', speed: 1, outFile });
    const first = await stat(outFile);
    const result = await synthesiser.synthesise({ voiceId: 'rs-maya', text: 'A much longer second take of the very same scene.', speed: 1, outFile });
    expect(result.file).toBe(outFile);
    expect((await stat(outFile)).size).toBeGreaterThan(first.size);
  });
});

describe('LocalSpeechSynthesiser, refusals', () => {
  const cases: [string, Partial<LocalSpeechRequest>, VoiceErrorCode][] = [
    ['an unknown voice', { voiceId: 'rs-nobody' }, 'unknown_voice'],
    ['an inherited property name as voice', { voiceId: 'toString' }, 'unknown_voice'],
    ['a speed below 0.7', { speed: 0.6 }, 'invalid_speed'],
    ['a speed above 1.2', { speed: 1.3 }, 'invalid_speed'],
    ['a speed that is not a number', { speed: Number.NaN }, 'invalid_speed'],
    ['empty text', { text: '' }, 'empty_text'],
    ['blank text', { text: ' \n\t ' }, 'empty_text'],
    ['only emoji and symbols', { text: '🎉🎉 *** ...' }, 'empty_text'],
    ['text too long', { text: 'word '.repeat(1200) }, 'text_too_long'],
    ['a language the engine lacks', { language: 'ja' }, 'unsupported_language'],
    ['another language with an English-only voice', { voiceId: 'rs-ava', language: 'fr' }, 'unsupported_language'],
  ];

  it.each(cases)('refuses %s', async (_label, change, code) => {
    const outFile = join(dir, `refused-${code}.m4a`);
    const request: LocalSpeechRequest = { voiceId: 'rs-sofia', text: 'Hello there.', speed: 1, outFile, ...change };
    const error = await synthesiser.synthesise(request).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(VoiceError);
    expect((error as VoiceError).code).toBe(code);
    expect((error as VoiceError).message.length).toBeGreaterThan(10);
    await expect(stat(outFile)).rejects.toThrow();
  });

  it('does not touch an existing output file when it refuses', async () => {
    const outFile = join(dir, 'keep.m4a');
    await writeFile(outFile, 'old');
    await expect(synthesiser.synthesise({ voiceId: 'rs-ava', text: '', speed: 1, outFile })).rejects.toThrow(VoiceError);
    expect((await stat(outFile)).size).toBe(3);
  });
});
