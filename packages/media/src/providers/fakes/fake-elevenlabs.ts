// ElevenLabs on loopback: POST /v1/text-to-speech/{voice_id}/with-timestamps (checks xi-api-key,
// text, model_id, voice_settings.speed within 0.7–1.2, output_format; answers MP3, or raw 16-bit mono
// PCM when output_format is pcm_<rate>, as documented) and GET /v1/voices.
import { FakeHttpServer, type FakeReply, type RecordedRequest } from './fake-http.ts';
import { mp3Tone, pcmTone } from './media-fixtures.ts';

/** ElevenLabs' answer when the account's character quota is spent: a 401 that is not a wrong key. */
export const ELEVENLABS_OUT_OF_CREDIT: FakeReply = {
  status: 401,
  json: { detail: { status: 'quota_exceeded', message: 'This request exceeds your quota of 10000. You have 12 credits remaining, while 46 credits are required for this request.' } },
};

export const FAKE_ELEVENLABS_VOICES = [
  { voice_id: 'EXAVITQu4vr4xnSDxMaL', name: 'Sarah', category: 'premade', description: 'Young adult woman with a confident and warm, mature quality.', labels: { gender: 'female', age: 'young', accent: 'american', use_case: 'social_media' }, high_quality_base_model_ids: ['eleven_multilingual_v2'], preview_url: 'https://example.invalid/sarah.mp3' },
  { voice_id: 'JBFqnCBsd6RMkjVDRZzb', name: 'George', category: 'premade', description: 'Warm resonance that instantly captivates listeners.', labels: { gender: 'male', age: 'middle_aged', accent: 'british', use_case: 'narrative_story' }, high_quality_base_model_ids: ['eleven_turbo_v2'], preview_url: 'https://example.invalid/george.mp3' },
  { voice_id: 'pqHfZKP75CvOlQylNhV4', name: 'Bill', category: 'premade', description: 'Friendly and comforting voice ready to narrate your stories.', labels: { gender: 'male', age: 'old', accent: 'american', use_case: 'news' }, high_quality_base_model_ids: [], preview_url: 'https://example.invalid/bill.mp3' },
];

export function ttsRequestProblems(request: RecordedRequest, apiKey: string): string[] {
  const body = request.json as { text?: unknown; model_id?: unknown; voice_settings?: { speed?: unknown } } | undefined;
  const problems: string[] = [];
  if (request.headers['xi-api-key'] !== apiKey) problems.push('xi-api-key');
  if (typeof body?.text !== 'string' || body.text.trim() === '') problems.push('text');
  if (typeof body?.model_id !== 'string') problems.push('model_id');
  const speed = body?.voice_settings?.speed;
  if (typeof speed !== 'number' || speed < 0.7 || speed > 1.2) problems.push('voice_settings.speed');
  if (!/^(mp3|pcm|ulaw|alaw|opus)_\d+/.test(request.query.get('output_format') ?? '')) problems.push('output_format');
  return problems;
}

async function speech(text: string, speed: number, outputFormat: string): Promise<FakeReply> {
  const seconds = Math.max(0.5, text.split(/\s+/).length / 2.7 / speed);
  const pcm = /^pcm_(\d+)$/.exec(outputFormat);
  const audio = pcm ? await pcmTone(seconds, Number(pcm[1])) : await mp3Tone(seconds);
  const characters = [...text];
  const step = seconds / Math.max(1, characters.length);
  const start = characters.map((_, i) => Math.round(i * step * 1000) / 1000);
  const end = characters.map((_, i) => Math.round((i + 1) * step * 1000) / 1000);
  const alignment = { characters, character_start_times_seconds: start, character_end_times_seconds: end };
  return { json: { audio_base64: audio.toString('base64'), alignment, normalized_alignment: alignment } };
}

export type FakeElevenLabsVoice = (typeof FAKE_ELEVENLABS_VOICES)[number];

/** `voices` is read on every request: a test may add to or remove from it to change the library. */
export function createFakeElevenLabs(apiKey = 'xi-fake', voices: FakeElevenLabsVoice[] = FAKE_ELEVENLABS_VOICES): FakeHttpServer {
  return new FakeHttpServer(async (request) => {
    if (request.method === 'GET' && request.path === '/v1/voices') {
      if (request.headers['xi-api-key'] !== apiKey) return { status: 401, json: { detail: { status: 'invalid_api_key', message: 'Invalid API key' } } };
      return { json: { voices, has_more: false, total_count: voices.length } };
    }
    const tts = /^\/v1\/text-to-speech\/([^/]+)\/with-timestamps$/.exec(request.path);
    if (request.method === 'POST' && tts) {
      const problems = ttsRequestProblems(request, apiKey);
      if (problems.length) return { status: 422, json: { detail: [{ loc: problems, msg: 'invalid' }] } };
      if (!voices.some((v) => v.voice_id === tts[1])) return { status: 404, json: { detail: { status: 'voice_not_found', message: 'Voice not found' } } };
      const body = request.json as { text: string; voice_settings: { speed: number } };
      return speech(body.text, body.voice_settings.speed, request.query.get('output_format') ?? 'mp3_44100_128');
    }
    return { status: 404, json: { detail: 'Not Found' } };
  });
}
