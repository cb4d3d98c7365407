import { copyFile, mkdir, mkdtemp, rename, rm, unlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { SpeechRequest, SpeechResult, SpeechSynthesiser, SpokenPhoneme, SpokenWord } from '../engines.ts';
import { runFfmpeg, runTool } from '../ffmpeg.ts';
import { mediaDurationSeconds } from '../media-duration.ts';
import { decodePcm } from '../audio/pcm.ts';
import { frameRms, videoFrameCount } from '../audio/envelope.ts';
import { FPS } from '../video/encoding.ts';
import { soundSpan } from '../audio/trim-silence.ts';
import { espeakSynthesise, type EspeakVoiceSettings } from './espeak-library.ts';
import { countingText, fliteTokenMarks, parseTimedPhones, pauseStarts, phoneGroups } from './flite-timings.ts';
import { phonemeSpans, shiftPhonemes, shiftWords, textTokens, tokenAt, wordsFromMarks } from './word-timings.ts';
import { normaliseLanguage } from './catalogue.ts';
import { VoiceError } from './errors.ts';
import { cleanSpeechText, foldToAscii, hasSpeakableText } from './speech-text.ts';
import { SPEECH_LANGUAGES, SYNTH_PROFILES, type EspeakProfile, type FliteProfile, type SpeechLanguage, type SynthProfile } from './synth-profiles.ts';

export const MIN_SPEED = 0.7;
export const MAX_SPEED = 1.2;
/** A safety cap for the engine; the product's own scene limit (500 characters) is enforced upstream. */
export const MAX_SPEECH_TEXT_LENGTH = 5000;

/**
 * SpeechRequest plus what the local engine also understands. `language` picks the language a
 * multilingual voice reads ('en' when absent; 'es', 'fr', 'de', 'it', 'pt' also accepted, regional
 * tags like 'es-MX' reduce to their language); English-only voices refuse other languages.
 * previousText / nextText are ignored: the offline engines synthesise each scene on its own.
 */
export interface LocalSpeechRequest extends SpeechRequest {
  language?: string | undefined;
  signal?: AbortSignal | undefined;
}

export interface LocalSpeechSynthesiserOptions {
  /** Where per-request work folders are made (default: the OS temp folder). */
  tmpDir?: string;
  /** Limit for each tool run (synthesiser, decode, encode); default 60 s. */
  toolTimeoutMs?: number;
  /** Output sample rate; default 44100. */
  sampleRate?: 44_100 | 24_000;
  /** Voice id to synthesiser profile; default the built-in catalogue's. */
  profiles?: Readonly<Record<string, SynthProfile>>;
}

/** Speech is levelled to about -20 dBFS RMS (over its voiced parts), peaks kept under -1 dBFS. */
const TARGET_SPEECH_RMS = 0.1;
const PEAK_LIMIT = 0.89;
const MAX_GAIN = 8;

/** Offline text-to-speech with espeak-ng and flite, encoded to mono AAC (.m4a), with each word's time. */
export class LocalSpeechSynthesiser implements SpeechSynthesiser {
  readonly #tmpDir: string;
  readonly #timeoutMs: number;
  readonly #sampleRate: number;
  readonly #profiles: Readonly<Record<string, SynthProfile>>;

  constructor(options: LocalSpeechSynthesiserOptions = {}) {
    this.#tmpDir = options.tmpDir ?? tmpdir();
    this.#timeoutMs = options.toolTimeoutMs ?? 60_000;
    this.#sampleRate = options.sampleRate ?? 44_100;
    this.#profiles = options.profiles ?? SYNTH_PROFILES;
  }

  async synthesise(request: LocalSpeechRequest): Promise<SpeechResult> {
    const profile = Object.hasOwn(this.#profiles, request.voiceId) ? this.#profiles[request.voiceId] : undefined;
    if (!profile) throw new VoiceError('unknown_voice', `Unknown voice '${request.voiceId}'.`);
    checkSpeed(request.speed);
    const language = resolveLanguage(request.voiceId, profile, request.language);
    const text = cleanSpeechText(typeof request.text === 'string' ? request.text : '');
    if (!hasSpeakableText(text)) throw new VoiceError('empty_text', 'There is no text to read.');
    if (text.length > MAX_SPEECH_TEXT_LENGTH) {
      throw new VoiceError('text_too_long', `The text is too long to read in one go (at most ${MAX_SPEECH_TEXT_LENGTH} characters).`);
    }

    const work = await mkdtemp(join(this.#tmpDir, 'reelsmith-voice-'));
    try {
      const spoken = await this.#speak(profile, language, request, text, work);
      // espeak-ng's samples are in memory at its own rate; flite's WAV is decoded (at the output rate).
      const { samples, sampleRate: rate } =
        'wavFile' in spoken ? await decodePcm(spoken.wavFile, { sampleRate: this.#sampleRate, timeoutMs: this.#timeoutMs, signal: request.signal }) : spoken.pcm;
      const span = soundSpan(samples, rate);
      if (span.end - span.start < rate * 0.05) throw new VoiceError('no_speech', 'The voice produced no audible speech for this text.');
      const kept = samples.subarray(span.start, span.end);
      const pcmFile = join(work, 'speech.pcm');
      const voice = levelled(kept, rate);
      await writeFile(pcmFile, pcmBytes(voice));

      const encoded = join(work, 'speech.m4a');
      // Resampled to the output rate by the encode itself: one ffmpeg process per voice.
      await runFfmpeg(
        ['-f', 's16le', '-ar', String(rate), '-ac', '1', '-i', pcmFile, '-ar', String(this.#sampleRate), '-c:a', 'aac', '-b:a', '64k', '-movflags', '+faststart', encoded],
        { timeoutMs: this.#timeoutMs, signal: request.signal },
      );
      await mkdir(dirname(request.outFile), { recursive: true });
      await moveFile(encoded, request.outFile);
      const durationSeconds = await mediaDurationSeconds(request.outFile);
      // Words and phonemes move with the silence cut from the start, and stay within the audio.
      const cut = span.start / rate;
      const keptSeconds = kept.length / rate;
      return {
        file: request.outFile,
        durationSeconds,
        mimeType: 'audio/mp4',
        words: shiftWords(spoken.words, cut, keptSeconds),
        phonemes: shiftPhonemes(spoken.phonemes, cut, keptSeconds),
        // From the samples the file was encoded from: the renderer need not decode the file again.
        loudness: frameRms(voice, rate, FPS, videoFrameCount(durationSeconds)),
      };
    } finally {
      await rm(work, { recursive: true, force: true });
    }
  }

  /**
   * Synthesises the speech, with each word's and each phoneme's time in it: espeak-ng's samples in memory
   * (its library, in process), flite's as a WAV file in `work`.
   */
  async #speak(
    profile: SynthProfile,
    language: SpeechLanguage,
    request: LocalSpeechRequest,
    text: string,
    work: string,
  ): Promise<({ pcm: { samples: Int16Array; sampleRate: number } } | { wavFile: string }) & { words: SpokenWord[]; phonemes: SpokenPhoneme[] }> {
    const tokens = textTokens(text);
    if (profile.engine === 'espeak-ng') {
      request.signal?.throwIfAborted();
      const speech = espeakSynthesise(text, espeakSettings(profile, language, request.speed));
      const marks = speech.words.map((w) => ({ token: tokenAt(tokens, w.textStart), startSeconds: w.startSeconds }));
      const pauses = speech.phonemes.filter((p) => p.phoneme.startsWith('_')).map((p) => p.startSeconds);
      const total = speech.samples.length / speech.sampleRate;
      return { pcm: { samples: speech.samples, sampleRate: speech.sampleRate }, words: wordsFromMarks(tokens, marks, pauses, total), phonemes: phonemeSpans(speech.phonemes, total) };
    }
    const wavFile = join(work, 'speech.wav');
    const textFile = join(work, 'text.txt');
    const countFile = join(work, 'tokens.txt');
    await Promise.all([writeFile(textFile, foldToAscii(text), 'utf8'), writeFile(countFile, countingText(tokens), 'utf8')]);
    const options = { timeoutMs: this.#timeoutMs, signal: request.signal };
    const [real, counting] = await Promise.all([
      runTool('flite', [...fliteArgs(profile, request.speed), '-psdur', '-f', textFile, '-o', wavFile], options),
      runTool('flite', ['-voice', profile.voice, '-ps', '-f', countFile, '-o', 'none'], options),
    ]);
    const phones = parseTimedPhones(real.stdout);
    const total = phones.at(-1)?.endSeconds ?? 0;
    return {
      wavFile,
      words: wordsFromMarks(tokens, fliteTokenMarks(tokens, phoneGroups(counting.stdout), phones), pauseStarts(phones), total),
      phonemes: phones.map((p) => ({ phoneme: p.phone, startSeconds: p.startSeconds, endSeconds: p.endSeconds })),
    };
  }
}

function checkSpeed(speed: number): void {
  // A little tolerance: 0.1 steps added up in floating point (0.7000000000000001) are still valid.
  if (typeof speed !== 'number' || !Number.isFinite(speed) || speed < MIN_SPEED - 1e-9 || speed > MAX_SPEED + 1e-9) {
    throw new VoiceError('invalid_speed', `Speed must be between ${MIN_SPEED} and ${MAX_SPEED} (got ${String(speed)}).`);
  }
}

function resolveLanguage(voiceId: string, profile: SynthProfile, requested: string | undefined): SpeechLanguage {
  const normalised = normaliseLanguage(requested);
  const language = normalised === undefined || normalised === 'multilingual' ? 'en' : normalised;
  if (!(SPEECH_LANGUAGES as readonly string[]).includes(language)) {
    throw new VoiceError('unsupported_language', `Language '${requested}' is not available; choose one of ${SPEECH_LANGUAGES.join(', ')}.`);
  }
  if (language !== 'en' && (profile.engine !== 'espeak-ng' || !profile.languages)) {
    throw new VoiceError('unsupported_language', `Voice '${voiceId}' reads English only; choose a multilingual voice for '${language}'.`);
  }
  return language as SpeechLanguage;
}

/** espeak-ng settings for the profile: the language's voice with the profile's variant, pitch and pace. */
export function espeakSettings(profile: EspeakProfile, language: SpeechLanguage, speed: number): EspeakVoiceSettings {
  const base = language === 'en' || !profile.languages ? profile.voice : profile.languages[language];
  const rate = Math.min(450, Math.max(80, Math.round(profile.rate * speed)));
  return { voice: `${base}+${profile.variant}`, pitch: profile.pitch, rate, wordGap: profile.wordGap };
}

/** flite's voice and pace arguments; the text always comes from a file, never argv. */
export function fliteArgs(profile: FliteProfile, speed: number): string[] {
  const args = ['-voice', profile.voice, '--setf', `duration_stretch=${(profile.stretch / speed).toFixed(4)}`];
  if (profile.f0Mean !== undefined) args.push('--setf', `int_f0_target_mean=${profile.f0Mean}`);
  return args;
}

/** Scales speech to a common loudness so voices and scenes match. */
function levelled(samples: Int16Array, sampleRate: number): Int16Array {
  const window = Math.max(1, Math.round(sampleRate * 0.02));
  let voicedSum = 0;
  let voicedCount = 0;
  let peak = 0;
  for (let start = 0; start < samples.length; start += window) {
    const end = Math.min(samples.length, start + window);
    let sum = 0;
    for (let i = start; i < end; i++) {
      const v = (samples[i] ?? 0) / 32768;
      sum += v * v;
      peak = Math.max(peak, Math.abs(v));
    }
    // Windows above -40 dBFS count as speech; pauses would otherwise pull the level down.
    if (Math.sqrt(sum / (end - start)) > 0.01) {
      voicedSum += sum;
      voicedCount += end - start;
    }
  }
  const speechRms = voicedCount > 0 ? Math.sqrt(voicedSum / voicedCount) : 0;
  const gain = speechRms > 0 ? Math.min(MAX_GAIN, TARGET_SPEECH_RMS / speechRms, PEAK_LIMIT / Math.max(peak, 1e-6)) : 1;
  const out = new Int16Array(samples.length);
  for (let i = 0; i < samples.length; i++) out[i] = Math.max(-32768, Math.min(32767, Math.round((samples[i] ?? 0) * gain)));
  return out;
}

/** Signed 16-bit little-endian bytes of the samples (what ffmpeg reads as s16le). */
function pcmBytes(samples: Int16Array): Buffer {
  const bytes = Buffer.alloc(samples.length * 2);
  for (let i = 0; i < samples.length; i++) bytes.writeInt16LE(samples[i]!, i * 2);
  return bytes;
}

async function moveFile(from: string, to: string): Promise<void> {
  try {
    await rename(from, to);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw error;
    await copyFile(from, to);
    await unlink(from);
  }
}
