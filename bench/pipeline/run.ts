// Times the generation pipeline's stages on generated fixtures, each beside bare ffmpeg doing the same
// encodes (the commands the stage ran, replayed with their prepared inputs: no Node-side work).
//
//   node bench/pipeline/run.ts [--repeat 3] [--concurrency 2] [--paths]
//   node bench/pipeline/run.ts --providers fake   (the wizard through the provider adapters and loopback fakes)
//   node bench/pipeline/run.ts --providers fake --faults   (the same with transient 429/5xx on every kind of call)
//   node bench/pipeline/run.ts --through-app [--quality high] [--transition crossfade] [--pg]   (the reel through the running app: through-app.ts)
//
// Prints a table (stage | wall s | bare s) and, as the last line, `total_s=<s> bare_s=<s>`.
// Stages run in order and share a context; to add one, push it onto `stages` (see README.md).
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import {
  LocalAvatarImager,
  LocalSceneWriter,
  LocalSpeechSynthesiser,
  LocalTalkingVideoRenderer,
  LocalVideoMerger,
  LocalVoiceCatalogue,
  runFfmpeg,
  runTool,
  type SpokenPhoneme,
  type SpokenWord,
} from '@reelsmith/media';
import { bareFfmpeg, mapLimit, median } from './bare-replay.ts';

const { values: flags } = parseArgs({
  options: {
    repeat: { type: 'string', default: '3' },
    concurrency: { type: 'string', default: String(Math.min(3, availableParallelism())) },
    paths: { type: 'boolean', default: false },
    providers: { type: 'string', default: 'local' },
    faults: { type: 'boolean', default: false },
    /** The reel through the running app over HTTP (through-app.ts). */
    'through-app': { type: 'boolean', default: false },
    quality: { type: 'string', default: 'high' },
    transition: { type: 'string', default: 'crossfade' },
    pg: { type: 'boolean', default: false },
  },
});
const repeat = Math.max(1, Number(flags.repeat));
const concurrency = Math.max(1, Number(flags.concurrency));

// ——— Context and fixtures ———

interface Scene {
  text: string;
  audioFile: string;
  clipFile: string;
  /** The voice's word timings, for the captioned merge. */
  words: SpokenWord[];
  /** The voice's phonemes, for the mouth shapes. */
  phonemes?: SpokenPhoneme[] | undefined;
}

interface Context {
  dir: string;
  aspect: '9:16';
  quality: 'standard' | 'high';
  /** The presenter's picture and its side frames (mouth open; eyes shut and the setting alone once the local imager has drawn them). */
  avatar: { closed: string; open: string; eyesClosed?: string | null; setting?: string | null };
  scenes: Scene[];
  finalFile: string;
  /** ffmpeg commands each stage ran on its last timed run, for the bare replay. */
  commands: Map<string, string[][]>;
}

const SCENE_SECONDS = 10;
const SCENE_TEXTS = [
  'Hi, I am Maya, and this little bottle changed my mornings. I used to spend twenty minutes on my skin, now it takes two, and honestly it feels better than ever.',
  'Here is how it works. One pump on clean skin, pat it in gently, and wait ten seconds. It soaks in fast, there is no sticky feeling, and makeup goes on smooth.',
  'After two weeks my friends started asking what I changed. So try it yourself, tap the link below, and use my code for your first order. You will thank me later.',
];

async function makeFixtures(dir: string): Promise<Context> {
  const face = 'color=c=0x3366aa:s=360x640,drawbox=x=100:y=200:w=160:h=260:color=0xf0c8a0:t=fill,drawbox=x=140:y=140:w=80:h=40:color=0x553311:t=fill';
  const closed = join(dir, 'avatar-closed.png');
  const open = join(dir, 'avatar-open.png');
  await runFfmpeg(['-f', 'lavfi', '-i', `${face},drawbox=x=140:y=400:w=80:h=8:color=0x802020:t=fill`, '-frames:v', '1', closed]);
  await runFfmpeg(['-f', 'lavfi', '-i', `${face},drawbox=x=140:y=385:w=80:h=40:color=0x200000:t=fill`, '-frames:v', '1', open]);
  const speech = await hasTool('espeak-ng');
  const scenes = await Promise.all(
    SCENE_TEXTS.map(async (text, i) => {
      const audioFile = join(dir, `scene-${i + 1}.m4a`);
      // Real speech when espeak-ng is there, padded/cut to exactly the scene length; else tone bursts.
      // Encoded as the local voices are (AAC 64k mono 44.1 kHz).
      const source = speech ? join(dir, `scene-${i + 1}.wav`) : null;
      if (source) await runTool('espeak-ng', ['-s', '165', '-w', source, text]);
      const input = source
        ? ['-i', source]
        : ['-f', 'lavfi', '-i', `aevalsrc=if(lt(mod(t\\,1.2)\\,0.7)\\,0.5*sin(2*PI*220*t)\\,0):s=44100:d=${SCENE_SECONDS}`];
      await runFfmpeg([...input, '-af', `apad,atrim=0:${SCENE_SECONDS}`, '-ar', '44100', '-ac', '1', '-c:a', 'aac', '-b:a', '64k', audioFile]);
      return { text, audioFile, clipFile: join(dir, `scene-${i + 1}.mp4`), words: [] };
    }),
  );
  return { dir, aspect: '9:16', quality: 'standard', avatar: { closed, open }, scenes, finalFile: join(dir, 'final.mp4'), commands: new Map() };
}

// ——— Stages ———

/** A 30-second, three-scene script (about 2.7 words per second). */
const SCRIPT = SCENE_TEXTS.join(' ');

interface Stage {
  name: string;
  /** The stage as the app runs it. Record the ffmpeg commands in ctx.commands under the stage name. */
  run: (ctx: Context) => Promise<void>;
  /** The same encodes as bare ffmpeg; the default replays ctx.commands; null for stages that encode no video. */
  bare?: ((ctx: Context) => Promise<void>) | null;
  /** How many of the stage's ffmpeg commands run at once (for the default bare replay). */
  concurrency?: number;
}

const stages: Stage[] = [
  {
    name: 'write 3 scenes from the script (local scene writer)',
    bare: null,
    async run(ctx) {
      const scenes = await new LocalSceneWriter().writeScenes({ script: SCRIPT, reelTime: 30 });
      ctx.scenes = scenes.map((scene, i) => ({ text: scene.text, audioFile: join(ctx.dir, `voice-${i + 1}.m4a`), clipFile: join(ctx.dir, `scene-${i + 1}.mp4`), words: [] }));
    },
  },
  {
    name: `voice 3 scenes (local voices, ${concurrency} at a time)`,
    bare: null,
    async run(ctx) {
      const voice = (await new LocalVoiceCatalogue().list({ gender: 'female' }))[0]!;
      const speech = new LocalSpeechSynthesiser();
      await mapLimit(ctx.scenes, concurrency, async (scene) => {
        const spoken = await speech.synthesise({ voiceId: voice.id, text: scene.text, speed: 1, outFile: scene.audioFile });
        scene.words = spoken.words ?? [];
        scene.phonemes = spoken.phonemes;
      });
    },
  },
  {
    name: 'draw 4 avatar variations and the side frames of one (local imager, 9:16)',
    bare: null,
    async run(ctx) {
      const imager = new LocalAvatarImager();
      const images = await imager.generate({
        description: 'A friendly woman in her 30s with curly red hair in a bright bathroom',
        aspect: '9:16',
        model: 'google-imagen-4-ultra',
        count: 4,
        outDir: join(ctx.dir, 'avatars'),
      });
      const side = await imager.drawSideFrames(images[0]!.sideFramesRecipe!, join(ctx.dir, 'avatars'));
      ctx.avatar = { closed: images[0]!.file, open: side.mouthOpenFile, eyesClosed: side.eyesClosedFile, setting: side.settingFile };
    },
  },
  {
    name: `render ${SCENE_TEXTS.length} scenes (mouth shapes, blinks, sway; 9:16 standard, ${Math.min(concurrency, SCENE_TEXTS.length)} at a time)`,
    concurrency,
    async run(ctx) {
      const commands: string[][] = [];
      const renderer = new LocalTalkingVideoRenderer({ workDir: ctx.dir, keepWorkFiles: true, onFfmpeg: (args) => commands.push(args) });
      await mapLimit(ctx.scenes, concurrency, (scene) =>
        renderer.render({
          imageFile: ctx.avatar.closed,
          mouthOpenFile: ctx.avatar.open,
          eyesClosedFile: ctx.avatar.eyesClosed ?? null,
          settingFile: ctx.avatar.setting ?? null,
          audioFile: scene.audioFile,
          phonemes: scene.phonemes,
          aspect: ctx.aspect,
          quality: ctx.quality,
          watermark: true,
          outFile: scene.clipFile,
        }),
      );
      ctx.commands.set(this.name, commands);
    },
  },
  {
    name: 'merge scenes (none)',
    async run(ctx) {
      const commands: string[][] = [];
      const merger = new LocalVideoMerger({ workDir: ctx.dir, keepWorkFiles: true, onFfmpeg: (args) => commands.push(args) });
      await merger.merge({ clips: ctx.scenes.map((s) => s.clipFile), transition: 'none', outFile: ctx.finalFile });
      ctx.commands.set(this.name, commands);
    },
  },
  {
    // Burned-in captions: one full encode with libass (the bare twin replays it with the same ASS file).
    name: 'merge scenes with word-by-word captions (crossfade)',
    async run(ctx) {
      const commands: string[][] = [];
      const merger = new LocalVideoMerger({ workDir: ctx.dir, keepWorkFiles: true, onFfmpeg: (args) => commands.push(args) });
      await merger.merge({
        clips: ctx.scenes.map((s) => s.clipFile),
        transition: 'crossfade',
        captions: { clipWords: ctx.scenes.map((s) => s.words), style: 'highlight', position: 'bottom' },
        outFile: join(ctx.dir, 'final-captioned.mp4'),
      });
      ctx.commands.set(this.name, commands);
    },
  },
];

// ——— Running ———

async function replay(ctx: Context, stage: Stage): Promise<void> {
  await mapLimit(ctx.commands.get(stage.name) ?? [], stage.concurrency ?? 1, bareFfmpeg);
}

async function timed(f: () => Promise<void>): Promise<number> {
  const started = performance.now();
  await f();
  return (performance.now() - started) / 1000;
}

async function hasTool(tool: string): Promise<boolean> {
  return runTool(tool, ['--version'], { timeoutMs: 5000 }).then(
    () => true,
    () => false,
  );
}

/** Optional: one 10 s clip through each render path at each quality (not part of the total). */
async function timePaths(ctx: Context): Promise<void> {
  const photo = join(ctx.dir, 'photo.png');
  await runFfmpeg(['-f', 'lavfi', '-i', 'testsrc2=s=1080x1920', '-frames:v', '1', photo]);
  console.log('clip path (10 s, one render)        | wall s | bare s');
  for (const quality of ['standard', 'high'] as const) {
    for (const lipFlap of [true, false]) {
      const walls: number[] = [];
      const bares: number[] = [];
      for (let r = 0; r < repeat; r++) {
        const commands: string[][] = [];
        const renderer = new LocalTalkingVideoRenderer({ workDir: ctx.dir, keepWorkFiles: true, onFfmpeg: (args) => commands.push(args) });
        walls.push(
          await timed(async () => {
            await renderer.render({
              imageFile: lipFlap ? ctx.avatar.closed : photo,
              mouthOpenFile: lipFlap ? ctx.avatar.open : null,
              audioFile: ctx.scenes[0]!.audioFile,
              aspect: '9:16',
              quality,
              watermark: true,
              outFile: join(ctx.dir, `path-${quality}-${lipFlap}.mp4`),
            });
          }),
        );
        bares.push(await timed(() => bareFfmpeg(commands[0]!)));
      }
      const label = `${lipFlap ? 'lip-flap' : 'photo zoom'} ${quality}`.padEnd(36);
      console.log(`${label}| ${median(walls).toFixed(2).padStart(6)} | ${median(bares).toFixed(2).padStart(6)}`);
    }
  }
  console.log('');
}

async function main(): Promise<void> {
  const root = await mkdtemp(join(tmpdir(), 'reelsmith-bench-'));
  try {
    await mkdir(root, { recursive: true });
    const ctx = await makeFixtures(root);
    if (flags.paths) await timePaths(ctx);

    const rows: { name: string; wall: number; bare: number | null }[] = [];
    for (const stage of stages) {
      const walls: number[] = [];
      const bares: number[] = [];
      // The first run records the commands; later runs alternate which side goes first (warm caches, load drift).
      for (let r = 0; r < repeat; r++) {
        const wall = async (): Promise<void> => {
          walls.push(await timed(() => stage.run(ctx)));
        };
        const bare = async (): Promise<void> => {
          if (stage.bare === null) return;
          bares.push(await timed(() => (stage.bare ? stage.bare(ctx) : replay(ctx, stage))));
        };
        if (r % 2 === 0 || stage.bare === null) await wall().then(bare);
        else await bare().then(wall);
      }
      rows.push({ name: stage.name, wall: median(walls), bare: stage.bare === null ? null : median(bares) });
    }

    const width = Math.max(5, ...rows.map((r) => r.name.length));
    console.log(`${'stage'.padEnd(width)} | wall s | bare s`);
    console.log(`${'-'.repeat(width)}-|--------|-------`);
    for (const row of rows) console.log(`${row.name.padEnd(width)} | ${row.wall.toFixed(2).padStart(6)} | ${(row.bare === null ? '—' : row.bare.toFixed(2)).padStart(6)}`);
    const total = rows.reduce((sum, r) => sum + r.wall, 0);
    const encodes = rows.filter((r) => r.bare !== null);
    const bare = encodes.reduce((sum, r) => sum + (r.bare ?? 0), 0);
    const encodeWall = encodes.reduce((sum, r) => sum + r.wall, 0);
    console.log(`(median of ${repeat} runs per stage; ${availableParallelism()} cores)`);
    console.log(`video encodes: ${encodeWall.toFixed(2)} s in the pipeline vs ${bare.toFixed(2)} s bare ffmpeg (${(encodeWall / bare).toFixed(2)}×)`);
    console.log(`total_s=${total.toFixed(2)} bare_s=${bare.toFixed(2)}`);
  } finally {
    await rm(root, { recursive: true, force: true });
  }
}

if (flags['through-app']) {
  const { runThroughApp } = await import('./through-app.ts');
  const quality = flags.quality === 'standard' || flags.quality === 'high' ? flags.quality : null;
  const transition = flags.transition === 'none' || flags.transition === 'fade' || flags.transition === 'crossfade' ? flags.transition : null;
  if (!quality) throw new Error(`--quality must be standard or high (got ${flags.quality})`);
  if (!transition) throw new Error(`--transition must be none, fade or crossfade (got ${flags.transition})`);
  await runThroughApp({ quality, transition, repeat, pg: flags.pg });
} else if (flags.providers === 'fake') {
  const { runProvidersFake } = await import('./providers-fake.ts');
  await runProvidersFake(concurrency, { faults: flags.faults });
} else if (flags.faults) {
  throw new Error('--faults needs --providers fake');
} else if (flags.providers !== 'local') {
  throw new Error(`--providers must be local or fake (got ${flags.providers})`);
} else {
  await main();
}
