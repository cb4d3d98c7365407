// ElevenLabs text-to-speech with timestamps: speed in voice_settings, the neighbouring scenes'
// text for smooth joins, MP3 re-encoded to the AAC/M4A the pipeline stores, and the character
// alignment written beside the audio (<outFile>.alignment.json) for timing captions later.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { SpeechAlignment, SpeechRequest, SpeechResult, SpeechSynthesiser } from '../../engines.ts';
import { runFfmpeg } from '../../ffmpeg.ts';
import { mediaDurationSeconds } from '../../media-duration.ts';
import { normaliseLanguage } from '../../voices/catalogue.ts';
import { VoiceError } from '../../voices/errors.ts';
import { MAX_SPEECH_TEXT_LENGTH, MAX_SPEED, MIN_SPEED } from '../../voices/local-synthesiser.ts';
import { callProvider } from '../call-provider.ts';
import { costOf, reportCost } from '../cost.ts';
import { lookupPrice, missingPriceMessage, type PriceSource } from '../prices.ts';
import type { ElevenLabsConfig } from '../provider-config.ts';
import { ProviderError } from '../provider-error.ts';
import { elevenLabsClient, ELEVENLABS_PROVIDER, type ElevenLabsClientSource } from './elevenlabs-client.ts';
import { wordsFromAlignment } from '../../voices/word-timings.ts';

/** The ElevenLabs models documented to take language_code. */
export function acceptsLanguageCode(modelId: string): boolean {
  return /^eleven_(turbo_v2_5|flash_v2_5|v3)/.test(modelId);
}

/** The configured model's price per 1,000 characters (keyed by ELEVENLABS_MODEL_ID); none refuses to start. */
export function elevenLabsPrice(config: ElevenLabsConfig): { usdPer1kCharacters: number; source: PriceSource } {
  return lookupPrice(config.prices, config.modelId, () => missingPriceMessage('ElevenLabs', config.modelId, 'ELEVENLABS_PRICES', JSON.stringify({ [config.modelId]: { usdPer1kCharacters: 0.1 } })));
}

export function alignmentFileFor(outFile: string): string {
  return `${outFile}.alignment.json`;
}

export class ElevenLabsSpeechSynthesiser implements SpeechSynthesiser {
  readonly #client: ElevenLabsClientSource;
  readonly #config: ElevenLabsConfig;

  constructor(config: ElevenLabsConfig) {
    elevenLabsPrice(config);
    this.#config = config;
    this.#client = elevenLabsClient(config);
  }

  async synthesise(request: SpeechRequest): Promise<SpeechResult> {
    if (!(request.speed >= MIN_SPEED - 1e-9 && request.speed <= MAX_SPEED + 1e-9)) {
      throw new VoiceError('invalid_speed', `Speed must be between ${MIN_SPEED} and ${MAX_SPEED} (got ${String(request.speed)}).`);
    }
    const text = request.text.trim();
    if (!text) throw new VoiceError('empty_text', 'There is no text to read.');
    if (text.length > MAX_SPEECH_TEXT_LENGTH) throw new VoiceError('text_too_long', `The text is too long to read in one go (at most ${MAX_SPEECH_TEXT_LENGTH} characters).`);
    const language = normaliseLanguage(request.language);
    const client = await this.#client();
    const answer = await callProvider(ELEVENLABS_PROVIDER, this.#config.policy, (signal) =>
      client.textToSpeech.convertWithTimestamps(
        request.voiceId,
        {
          text,
          modelId: this.#config.modelId,
          outputFormat: this.#config.outputFormat as never,
          voiceSettings: { speed: Math.round(request.speed * 100) / 100 },
          // language_code is documented for the v2.5 Turbo/Flash models (and v3) only; multilingual_v2 rejects it.
          ...(language && language !== 'en' && language !== 'multilingual' && acceptsLanguageCode(this.#config.modelId) ? { languageCode: language } : {}),
          ...(request.previousText ? { previousText: request.previousText } : {}),
          ...(request.nextText ? { nextText: request.nextText } : {}),
        },
        { abortSignal: signal, maxRetries: 0 },
      ),
    );
    const price = elevenLabsPrice(this.#config);
    await reportCost(request.onCost, costOf(ELEVENLABS_PROVIDER, this.#config.modelId, 'characters', text.length, price.usdPer1kCharacters / 1000, price.source));
    const audio = typeof answer?.audioBase64 === 'string' ? Buffer.from(answer.audioBase64, 'base64') : Buffer.alloc(0);
    if (audio.length < 100) throw new ProviderError('bad_output', ELEVENLABS_PROVIDER, 'no audio in the answer');
    const alignment = readAlignment(answer.alignment);

    const work = await mkdtemp(join(tmpdir(), 'reelsmith-11labs-'));
    try {
      // pcm_<rate> is raw 16-bit mono PCM (no header): ffmpeg must be told so; the rest name their codec.
      const pcm = /^pcm_(\d+)$/.exec(this.#config.outputFormat);
      const codec = this.#config.outputFormat.split('_')[0] ?? 'mp3';
      const source = join(work, pcm ? 'speech.pcm' : `speech.${codec === 'opus' ? 'ogg' : codec}`);
      await writeFile(source, audio);
      await mkdir(dirname(request.outFile), { recursive: true });
      const input = pcm ? ['-f', 's16le', '-ar', pcm[1]!, '-ac', '1', '-i', source] : ['-i', source];
      await runFfmpeg([...input, '-vn', '-c:a', 'aac', '-b:a', '128k', '-ar', '44100', '-movflags', '+faststart', request.outFile], { timeoutMs: 60_000 }).catch(
        (err: unknown) => {
          throw new ProviderError('bad_output', ELEVENLABS_PROVIDER, 'the audio could not be decoded', { cause: err });
        },
      );
    } finally {
      await rm(work, { recursive: true, force: true });
    }
    if (alignment) await writeFile(alignmentFileFor(request.outFile), JSON.stringify(alignment));
    return { file: request.outFile, durationSeconds: await mediaDurationSeconds(request.outFile), mimeType: 'audio/mp4', alignment, ...(alignment ? { words: wordsFromAlignment(alignment) } : {}) };
  }
}

function readAlignment(value: { characters?: unknown; characterStartTimesSeconds?: unknown; characterEndTimesSeconds?: unknown } | undefined): SpeechAlignment | undefined {
  if (!value) return undefined;
  const { characters, characterStartTimesSeconds: start, characterEndTimesSeconds: end } = value;
  if (!Array.isArray(characters) || !Array.isArray(start) || !Array.isArray(end) || start.length !== characters.length || end.length !== characters.length) {
    return undefined;
  }
  return { characters: characters.map(String), startSeconds: start.map(Number), endSeconds: end.map(Number) };
}
