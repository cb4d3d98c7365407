// After `vite build` and `vite build --ssr src/prerender/landing-shell.tsx`: writes dist/landing.html,
// the built index.html with the signed-out landing page already inside #root (see landing-shell.tsx).
import { readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

const app = join(import.meta.dirname, '..');
const ssrDir = join(app, 'node_modules', '.prerender');
const { renderLandingShell } = (await import(pathToFileURL(join(ssrDir, 'landing-shell.js')).href)) as { renderLandingShell: () => Promise<string> };
const index = await readFile(join(app, 'dist', 'index.html'), 'utf8');
const root = '<div id="root"></div>';
if (!index.includes(root)) throw new Error(`dist/index.html has no ${root}`);
const html = await renderLandingShell();
if (!html.includes('id="hero-heading"')) throw new Error('the prerendered landing page has no hero heading');

// The landing page's own chunk (loaded lazily by the app) carries its CSS modules: the prerendered
// markup needs that stylesheet from the start. Its scripts are not preloaded: they would compete
// with the stylesheets the first paint waits for.
type Manifest = Record<string, { file: string; css?: string[]; imports?: string[] }>;
const manifest = JSON.parse(await readFile(join(app, 'dist', '.vite', 'manifest.json'), 'utf8')) as Manifest;
const visited = new Set<string>();
const styles = new Set<string>();
const visit = (key: string) => {
  const entry = manifest[key];
  if (!entry || visited.has(entry.file)) return;
  visited.add(entry.file);
  for (const css of entry.css ?? []) styles.add(css);
  for (const imported of entry.imports ?? []) visit(imported);
};
visit('src/features/landing/landing-page.tsx');
if (visited.size === 0) throw new Error('the build manifest has no landing page chunk');
const alreadyLoaded = new Set([...index.matchAll(/(?:src|href)="\/([^"]+)"/g)].map((m) => m[1]));
const head = [...styles]
  .filter((f) => !alreadyLoaded.has(f))
  .map((f) => `    <link rel="stylesheet" crossorigin href="/${f}">`)
  .join('\n');
// The page is on screen without its scripts: they load at low priority, after the stylesheets the first paint waits for.
const page = index
  .replace('  </head>', `${head}\n  </head>`)
  .replaceAll('<script type="module" crossorigin', '<script type="module" fetchpriority="low" crossorigin')
  .replaceAll('<link rel="modulepreload" crossorigin', '<link rel="modulepreload" fetchpriority="low" crossorigin')
  .replace(root, `<div id="root" data-prerendered="landing">${html}</div>`);
await writeFile(join(app, 'dist', 'landing.html'), page);
await rm(join(app, 'dist', '.vite'), { recursive: true, force: true });
await rm(ssrDir, { recursive: true, force: true });
process.stdout.write(`dist/landing.html: the landing page prerendered (${Math.round(html.length / 1024)} KiB of markup)\n`);
