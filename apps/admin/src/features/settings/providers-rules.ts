import type { AdminProviders } from '@reelsmith/shared';
import { formatDateTime } from '../../lib/format.ts';

export interface CapabilityRow {
  capability: string;
  provider: string;
  models: string;
  note: string | null;
}

const labels: Record<keyof AdminProviders['capabilities'], string> = {
  llm: 'Script & scene writing',
  tts: 'Voiceover',
  image: 'Avatar & product images',
  video: 'Talking video',
};

/** One row per capability, in wizard order, with the video model's audio limit as a note. */
export function capabilityRows(data: AdminProviders): CapabilityRow[] {
  const { llm, tts, image, video } = data.capabilities;
  const row = (key: keyof typeof labels, provider: string, models: string[], note: string | null = null): CapabilityRow => ({
    capability: labels[key],
    provider,
    models: models.length > 0 ? models.join(', ') : '—',
    note,
  });
  return [
    row('llm', llm.provider, llm.models),
    row('tts', tts.provider, tts.models),
    row('image', image.provider, image.models),
    row('video', video.provider, video.models, video.maxAudioSeconds === null ? null : `Scenes up to ${video.maxAudioSeconds} s of audio`),
  ];
}

const unitNames: Record<AdminProviders['costsLast30Days'][number]['unit'], [string, string]> = {
  seconds: ['second', 'seconds'],
  images: ['image', 'images'],
  characters: ['character', 'characters'],
  tokens: ['token', 'tokens'],
};

/** '12.5 seconds', '1 image', '3,200 characters'. */
export function costQuantityLabel(cost: Pick<AdminProviders['costsLast30Days'][number], 'unit' | 'quantity'>): string {
  const [one, many] = unitNames[cost.unit];
  const rounded = Math.round(cost.quantity * 10) / 10;
  return `${rounded.toLocaleString('en-US')} ${rounded === 1 ? one : many}`;
}

const providerNames: Record<string, string> = { openai: 'OpenAI', elevenlabs: 'ElevenLabs', replicate: 'Replicate', fal: 'fal' };

/** 'Replicate', 'OpenAI'; an unknown provider id as it is. */
export function providerName(provider: string): string {
  return providerNames[provider] ?? provider;
}

export interface OutOfCreditAlert {
  provider: string;
  title: string;
  message: string;
}

/** One alert per provider out of credit (since the first out-of-credit answer, until a paid call succeeds again). */
export function outOfCreditAlerts(data: Pick<AdminProviders, 'outOfCredit'>): OutOfCreditAlert[] {
  return data.outOfCredit.map((entry) => ({
    provider: entry.provider,
    title: `${providerName(entry.provider)} is out of credit`,
    message: `${providerName(entry.provider)} is out of credit since ${formatDateTime(entry.since)}: top up the account; customers see the insufficient-credits message. This clears when the next paid call to ${providerName(entry.provider)} succeeds.`,
  }));
}

/** 'List price', 'REPLICATE_PRICES', 'Set in code', 'Not recorded' (rows from before the source was kept). */
export function priceSourceLabel(source: string): string {
  if (source === 'default') return 'List price';
  if (source.startsWith('env:')) return source.slice('env:'.length);
  if (source === 'config') return 'Set in code';
  if (source === 'unrecorded') return 'Not recorded';
  return source;
}
