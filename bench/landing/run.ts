// Measures what the landing page costs a first-time visitor: JavaScript and CSS transferred (after
// compression) and decoded, in headless Chromium against the built app served by the real server;
// with --lighthouse N, then N Lighthouse runs (mobile profile, performance) and their median.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { chromium } from '@playwright/test';

const { values: flags } = parseArgs({ options: { lighthouse: { type: 'string', default: '0' } } });
/** Lighthouse runs after the byte count (`--lighthouse 5`): its mobile profile, performance only. */
const lighthouseRuns = Math.max(0, Number(flags.lighthouse));
/** Chromium 156 pre-renders its address bar's pop-ups (WebUI renderers) in headless runs too: not the page's work. */
const withoutOmniboxPopup = 'WebUIOmniboxPopup,WebUIOmniboxAimPopup,WebUIOmniboxFullPopup,FullWebUIOmniboxFrame';
/** Debian's full Chromium (Lighthouse needs the full browser; the end-to-end tests use its headless shell). */
const CHROMIUM = '/usr/bin/chromium';
if (!existsSync(CHROMIUM)) {
  console.error(`${CHROMIUM} is missing: apt-get install -y chromium (or scripts/bootstrap chromium:chromium)`);
  process.exit(1);
}
/** Fetched by npx on first use rather than installed with the workspace (about 200 packages only this needs). */
const LIGHTHOUSE = 'lighthouse@12.8.2';

interface LighthouseRun {
  score: number;
  fcp: string;
  lcp: string;
  tbt: string;
  cls: string;
}

/** One Lighthouse run in Debian's Chromium, headless; null when Lighthouse could not record the load (it says so). */
function runLighthouse(url: string, outFile: string): LighthouseRun | null {
  const done = spawnSync(
    'npx',
    ['--yes', LIGHTHOUSE, url, '--only-categories=performance', '--output=json', `--output-path=${outFile}`, '--quiet', `--chrome-flags=--headless=new --no-sandbox --disable-gpu --disable-features=${withoutOmniboxPopup}`],
    { env: { ...process.env, CHROME_PATH: CHROMIUM }, stdio: ['ignore', 'ignore', 'inherit'] },
  );
  let report: { categories: { performance: { score: number | null } }; audits: Record<string, { displayValue?: string }>; runtimeError?: { code: string } };
  try {
    report = JSON.parse(readFileSync(outFile, 'utf8')) as typeof report;
  } catch {
    throw new Error(`lighthouse exited with ${done.status} and wrote no report`);
  }
  // A load it could not record (NO_NAVSTART, now and then on a busy machine) exits 1 with a report that says so.
  if (done.status !== 0 && !report.runtimeError) throw new Error(`lighthouse exited with ${done.status}`);
  const score = report.categories.performance.score;
  if (score === null) return null;
  const shown = (id: string) => report.audits[id]?.displayValue ?? '—';
  return { score: Math.round(score * 100), fcp: shown('first-contentful-paint'), lcp: shown('largest-contentful-paint'), tbt: shown('total-blocking-time'), cls: shown('cumulative-layout-shift') };
}

const root = resolve(import.meta.dirname, '../..');
const port = Number(process.env.BENCH_PORT ?? 3391);
const dataDir = mkdtempSync(join(tmpdir(), 'reelsmith-landing-'));
const server = spawn(process.execPath, [join(root, 'apps/server/src/main.ts')], {
  env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, NODE_ENV: 'test', LOG_LEVEL: 'warn' },
  stdio: 'inherit',
});

async function waitForServer(): Promise<void> {
  for (let i = 0; i < 120; i += 1) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/healthz`)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error('server did not start');
}

try {
  await waitForServer();
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', `--disable-features=${withoutOmniboxPopup}`] });
  const page = await browser.newPage();
  const client = await page.context().newCDPSession(page);
  await client.send('Network.enable');
  const sizes = new Map<string, { type: string; transferred: number; decoded: number }>();
  const types = new Map<string, string>();
  const urls = new Map<string, string>();
  client.on('Network.responseReceived', (e) => {
    types.set(e.requestId, e.type);
    urls.set(e.requestId, new URL(e.response.url).pathname);
  });
  client.on('Network.loadingFinished', (e) => {
    const entry = sizes.get(e.requestId) ?? { type: types.get(e.requestId) ?? '', transferred: 0, decoded: 0 };
    entry.type = types.get(e.requestId) ?? entry.type;
    entry.transferred = e.encodedDataLength;
    sizes.set(e.requestId, entry);
  });
  client.on('Network.dataReceived', (e) => {
    const entry = sizes.get(e.requestId) ?? { type: types.get(e.requestId) ?? '', transferred: 0, decoded: 0 };
    entry.decoded += e.dataLength;
    sizes.set(e.requestId, entry);
  });
  const started = Date.now();
  await page.goto(`http://127.0.0.1:${port}/`, { waitUntil: 'networkidle' });
  const loadMs = Date.now() - started;
  await browser.close();
  const sum = (type: string, key: 'transferred' | 'decoded') =>
    [...sizes.values()].filter((s) => s.type === type).reduce((a, s) => a + s[key], 0);
  const kb = (n: number) => (n / 1024).toFixed(1);
  const rows = [
    ['Script', kb(sum('Script', 'transferred')), kb(sum('Script', 'decoded')), String([...sizes.values()].filter((s) => s.type === 'Script').length)],
    ['Stylesheet', kb(sum('Stylesheet', 'transferred')), kb(sum('Stylesheet', 'decoded')), String([...sizes.values()].filter((s) => s.type === 'Stylesheet').length)],
  ];
  console.log('| resource | transferred KiB | decoded KiB | files |');
  console.log('|---|---|---|---|');
  for (const r of rows) console.log(`| ${r.join(' | ')} |`);
  // Which files the landing page loads, largest first: where a smaller page has to come from.
  console.log('\n| script | transferred KiB | decoded KiB |');
  console.log('|---|---|---|');
  const scripts = [...sizes.entries()].filter(([, s]) => s.type === 'Script').sort((a, b) => b[1].transferred - a[1].transferred);
  for (const [id, s] of scripts) console.log(`| ${urls.get(id) ?? id} | ${kb(s.transferred)} | ${kb(s.decoded)} |`);
  console.log(`\nlanding load (network idle): ${loadMs} ms`);
  let lighthouse = '';
  if (lighthouseRuns > 0) {
    const runs: LighthouseRun[] = [];
    for (let i = 0; i < lighthouseRuns; i++) {
      const run = runLighthouse(`http://127.0.0.1:${port}/`, join(dataDir, `lighthouse-${i}.json`));
      if (run) runs.push(run);
      else console.log(`lighthouse run ${i + 1}: no score (the load was not recorded), not counted`);
    }
    console.log(`\n| ${LIGHTHOUSE} run | performance | FCP | LCP | TBT | CLS |\n|---|---|---|---|---|---|`);
    runs.forEach((r, i) => console.log(`| ${i + 1} | ${r.score} | ${r.fcp} | ${r.lcp} | ${r.tbt} | ${r.cls} |`));
    const scores = runs.map((r) => r.score).sort((a, b) => a - b);
    lighthouse = ` lighthouse_median=${scores[Math.floor(scores.length / 2)] ?? 'none'} lighthouse_min=${scores[0] ?? 'none'} lighthouse_runs=${runs.map((r) => r.score).join(',')}`;
  }
  console.log(`js_transferred_kib=${kb(sum('Script', 'transferred'))} js_decoded_kib=${kb(sum('Script', 'decoded'))}${lighthouse}`);
} finally {
  server.kill('SIGTERM');
  rmSync(dataDir, { recursive: true, force: true });
}
