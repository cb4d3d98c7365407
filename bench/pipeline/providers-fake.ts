// `node bench/pipeline/run.ts --providers fake`: the whole wizard through the real provider adapters,
// each pointed at a loopback fake of its provider's HTTP API (the same fakes as the contract tests).
// Prints stage | wall s | provider calls | cost USD, then
// `creates=<n> results=<n> cancels=<n> recorded_cost_usd=<usd> charged_cost_usd=<usd>` (the fakes' books
// against what the adapters recorded; --faults injects transient 429/5xx on every kind of call, and the run
// fails unless creates equal results and recorded equals charged), then `total_s=<s> cost_usd=<usd>`.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  createProviderEngine,
  DEFAULT_CALL_POLICY,
  DEFAULT_DOWNLOAD_LIMITS,
  ELEVENLABS_DEFAULT_PRICES,
  FAL_DEFAULT_PRICES,
  FAL_DEFAULT_VIDEO_MODEL,
  OPENAI_DEFAULT_PRICES,
  FalVideoRenderer,
  REPLICATE_DEFAULTS,
  runFfmpeg,
  type MediaEngine,
  type ProviderCost,
  type ProvidersConfig,
} from '@reelsmith/media';
import { createFakeElevenLabs, createFakeOpenAi, FakeFal, FakeReplicate, type FakeHttpServer, type FakeReply } from '@reelsmith/media/fakes';

// The built-in list prices of the models the bench runs (what the adapters record).
const PRICES = {
  openaiIn: OPENAI_DEFAULT_PRICES['gpt-4o-mini'].inputUsdPerMillionTokens,
  openaiOut: OPENAI_DEFAULT_PRICES['gpt-4o-mini'].outputUsdPerMillionTokens,
  elevenlabsPer1k: ELEVENLABS_DEFAULT_PRICES.eleven_multilingual_v2.usdPer1kCharacters,
};

const busy: FakeReply = { status: 429, headers: { 'retry-after': '0' }, json: { detail: 'Request was throttled.' } };
const down = (status: number): FakeReply => ({ status, json: { detail: 'upstream unavailable' } });

/** Transient faults on every kind of call of the flow: paid creates see only 429s (a 5xx may hide a taken create). */
function injectFaults(openai: FakeHttpServer, elevenlabs: FakeHttpServer, replicate: FakeReplicate, fal: FakeFal): void {
  openai.misbehave(/chat\/completions/, down(503), busy);
  elevenlabs.misbehave(/with-timestamps/, down(500), busy);
  replicate.server.misbehave(/^\/v1\/files$/, down(502));
  replicate.server.misbehave(/\/predictions$/, busy, busy);
  replicate.server.misbehave(/^\/v1\/predictions\/pred-[^/]+$/, down(503), down(500));
  replicate.server.misbehave(/^\/delivery\/out-/, down(500), down(502));
  fal.server.misbehave(/omnihuman$/, busy);
  fal.server.misbehave(/\/status$/, down(502));
  fal.server.misbehave(/\/requests\/[^/]+$/, down(503));
  fal.server.misbehave(/^\/files\//, down(500));
}

/** What the fakes' providers would bill: the fakes' own books (Replicate, fal) or their handled requests priced as billed. */
function chargedUsd(openai: FakeHttpServer, elevenlabs: FakeHttpServer, replicate: FakeReplicate, fal: FakeFal): number {
  const chats = openai.handled.filter((r) => r.path === '/v1/chat/completions').length;
  const characters = elevenlabs.handled.filter((r) => /with-timestamps/.test(r.path)).reduce((n, r) => n + String((r.json as { text?: string }).text ?? '').length, 0);
  return chats * ((120 * PRICES.openaiIn + 80 * PRICES.openaiOut) / 1e6) + (characters * PRICES.elevenlabsPer1k) / 1000 + replicate.chargedUsd + fal.chargedUsd;
}

const SCRIPT =
  'Hi, I am Maya, and this little bottle changed my mornings. I used to spend twenty minutes on my skin, now it takes two. ' +
  'Here is how it works. One pump on clean skin, pat it in gently, and it soaks in fast with no sticky feeling. ' +
  'After two weeks my friends started asking what I changed. Tap the link below and use my code for your first order.';

interface Row {
  name: string;
  wall: number;
  calls: number;
  usd: number;
}

async function mapLimit<T, R>(items: readonly T[], limit: number, f: (item: T, i: number) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await f(items[i]!, i);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

export async function runProvidersFake(concurrency: number, options: { faults?: boolean } = {}): Promise<void> {
  const openai = createFakeOpenAi('sk-bench');
  const elevenlabs = createFakeElevenLabs('xi-bench');
  const replicate = new FakeReplicate('r8_bench');
  const fal = new FakeFal('fal-bench');
  const [o, e, r, f] = await Promise.all([openai.start(), elevenlabs.start(), replicate.start(), fal.start()]);
  const dir = await mkdtemp(join(tmpdir(), 'reelsmith-bench-providers-'));
  const policy = { ...DEFAULT_CALL_POLICY, timeoutMs: 120_000, baseDelayMs: 100 };
  // The fakes serve their outputs on loopback: allow-listed explicitly, the outbound guard stays on.
  const downloads = { ...DEFAULT_DOWNLOAD_LIMITS, outbound: { allowHosts: [new URL(r).host, new URL(f).host] } };
  const config: ProvidersConfig = {
    llm: 'openai',
    tts: 'elevenlabs',
    image: 'replicate',
    video: 'replicate',
    downloads,
    openai: { apiKey: 'sk-bench', baseUrl: `${o}/v1`, policy, model: 'gpt-4o-mini', prices: { ...OPENAI_DEFAULT_PRICES } },
    elevenlabs: { apiKey: 'xi-bench', baseUrl: e, policy, modelId: 'eleven_multilingual_v2', outputFormat: 'mp3_44100_128', prices: { ...ELEVENLABS_DEFAULT_PRICES } },
    replicate: { apiKey: 'r8_bench', baseUrl: r, policy, models: { ...REPLICATE_DEFAULTS.models }, prices: { ...REPLICATE_DEFAULTS.prices }, pollIntervalMs: 50, preferWaitSeconds: 60 },
    fal: { apiKey: 'fal-bench', baseUrl: f, storageUrl: f, policy, videoModel: FAL_DEFAULT_VIDEO_MODEL, prices: { ...FAL_DEFAULT_PRICES }, pollIntervalMs: 50 },
  };
  const engine: MediaEngine = createProviderEngine(config);
  const falRenderer = new FalVideoRenderer(config.fal!, downloads);
  const rows: Row[] = [];
  let results = 0;
  if (options.faults) injectFaults(openai, elevenlabs, replicate, fal);
  /** `outputs`: the provider results the stage got (one per paid call: a scene list is one chat answer). */
  async function stage<T>(name: string, work: (onCost: (c: ProviderCost) => void) => Promise<T>, outputs = (r: T) => (Array.isArray(r) ? r.length : 1)): Promise<T> {
    const costs: ProviderCost[] = [];
    const started = performance.now();
    const result = await work((c) => void costs.push(c));
    // Each paid stage's results: one per output (the local merge is not a provider's).
    if (!name.includes('(local')) results += outputs(result);
    rows.push({ name, wall: (performance.now() - started) / 1000, calls: costs.length, usd: costs.reduce((s, c) => s + c.amountUsd, 0) });
    return result;
  }
  try {
    const scenes = await stage('write 3 scenes (OpenAI chat, json_schema)', (onCost) => engine.scenes.writeScenes({ script: SCRIPT, reelTime: 30, onCost }), () => 1);
    const prompt = await stage('suggest the avatar (OpenAI chat)', (onCost) => engine.avatarPrompts.suggest({ scenes, projectTitle: 'Glow', script: SCRIPT, voice: { gender: 'female' }, onCost }));
    const voice = (await engine.voices.list({ gender: 'female' }))[0]!;
    const audio = await stage(`voice 3 scenes (ElevenLabs with timestamps, ${concurrency} at a time)`, (onCost) =>
      mapLimit(scenes, concurrency, (scene, i) =>
        engine.speech.synthesise({ voiceId: voice.id, text: scene.text, speed: 1, previousText: scenes[i - 1]?.text, nextText: scenes[i + 1]?.text, outFile: join(dir, `voice-${i}.m4a`), onCost }),
      ),
    );
    const avatars = await stage('draw 4 avatars (Replicate imagen-4-ultra)', (onCost) =>
      engine.avatars.generate({ description: prompt, aspect: '9:16', model: 'google-imagen-4-ultra', count: 4, outDir: join(dir, 'avatars'), onCost }),
    );
    const product = join(dir, 'product.png');
    await runFfmpeg(['-f', 'lavfi', '-i', 'color=c=0x1e8c5a:s=300x300', '-frames:v', '1', product]);
    await stage('place the product, 4 layouts (Replicate multi-image Kontext)', (onCost) =>
      engine.products.compose({ avatarFile: avatars[0]!.file, avatarMouthOpenFile: null, productFile: product, interaction: 'Holding the bottle up.', aspect: '9:16', count: 4, outDir: join(dir, 'product'), onCost }),
    );
    const clips = await stage(`render 3 scenes (Replicate omni-human, ${concurrency} at a time)`, (onCost) =>
      mapLimit(audio, concurrency, (a, i) =>
        engine.talkingVideo.render({ imageFile: avatars[0]!.file, mouthOpenFile: null, audioFile: a.file, aspect: '9:16', quality: 'standard', watermark: true, outFile: join(dir, `scene-${i}.mp4`), onCost }),
      ),
    );
    await stage('render 1 scene (fal OmniHuman queue, alternative host)', (onCost) =>
      falRenderer.render({ imageFile: avatars[0]!.file, mouthOpenFile: null, audioFile: audio[0]!.file, aspect: '9:16', quality: 'standard', watermark: true, outFile: join(dir, 'fal.mp4'), onCost }),
    );
    const final = await stage('merge scenes (local, none)', () => engine.merger.merge({ clips: clips.map((c) => c.file), transition: 'none', outFile: join(dir, 'final.mp4') }));

    const width = Math.max(5, ...rows.map((row) => row.name.length));
    console.log(`${'stage'.padEnd(width)} | wall s | calls | cost USD`);
    console.log(`${'-'.repeat(width)}-|--------|-------|---------`);
    for (const row of rows) console.log(`${row.name.padEnd(width)} | ${row.wall.toFixed(2).padStart(6)} | ${String(row.calls).padStart(5)} | ${row.usd.toFixed(4).padStart(8)}`);
    const requests = [openai, elevenlabs, replicate.server, fal.server].reduce((n, s) => n + s.requests.length, 0);
    console.log(`(one run; fakes on loopback answered ${requests} HTTP requests; final reel ${final.durationSeconds.toFixed(2)} s at ${final.width}x${final.height})`);
    const creates =
      openai.handled.filter((r) => r.path === '/v1/chat/completions').length + elevenlabs.handled.filter((r) => /with-timestamps/.test(r.path)).length + replicate.creates + fal.submits;
    const recorded = Math.round(rows.reduce((s, row) => s + row.usd, 0) * 1e6) / 1e6;
    const charged = Math.round(chargedUsd(openai, elevenlabs, replicate, fal) * 1e6) / 1e6;
    console.log(`creates=${creates} results=${results} cancels=${replicate.cancels + fal.cancels} recorded_cost_usd=${recorded.toFixed(6)} charged_cost_usd=${charged.toFixed(6)}`);
    if (creates !== results || Math.abs(recorded - charged) > 1e-6) process.exitCode = 1;
    const total = rows.reduce((s, row) => s + row.wall, 0);
    console.log(`total_s=${total.toFixed(2)} cost_usd=${rows.reduce((s, row) => s + row.usd, 0).toFixed(4)}`);
  } finally {
    await Promise.all([openai.close(), elevenlabs.close(), replicate.close(), fal.close()]);
    await rm(dir, { recursive: true, force: true });
  }
}
