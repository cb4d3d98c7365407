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
// markup needs that stylesheet from the start.
type Manifest = Record<string, { file: string; css?: string[]; imports?: string[] }>;
const manifest = JSON.parse(await readFile(join(app, 'dist', '.vite', 'manifest.json'), 'utf8')) as Manifest;
/** Every file `key` needs, itself first, and the stylesheets among them. */
function closure(key: string): { files: string[]; styles: string[] } {
  const files: string[] = [];
  const styles = new Set<string>();
  const visit = (at: string) => {
    const entry = manifest[at];
    if (!entry || files.includes(entry.file)) return;
    files.push(entry.file);
    for (const css of entry.css ?? []) styles.add(css);
    for (const imported of entry.imports ?? []) visit(imported);
  };
  visit(key);
  if (files.length === 0) throw new Error(`the build manifest has no ${key}`);
  return { files, styles: [...styles] };
}
const landingChunk = closure('src/features/landing/landing-page.tsx');
// The drawn page runs its own small script (src/landing-entry.ts), not the app: the app's entry and its
// preloads come out, and links to the app's other pages load it with the page they lead to.
const [landingScript, ...landingImports] = closure('src/landing-entry.ts').files;
const alreadyLoaded = new Set([...index.matchAll(/(?:src|href)="\/([^"]+)"/g)].map((m) => m[1]));
const head = [
  ...landingChunk.styles.filter((f) => !alreadyLoaded.has(f)).map((f) => `    <link rel="stylesheet" crossorigin href="/${f}">`),
  ...landingImports.map((f) => `    <link rel="modulepreload" crossorigin href="/${f}">`),
  `    <script type="module" crossorigin src="/${landingScript}"></script>`,
].join('\n');
const appScripts = /^\s*<(script type="module"[^>]*><\/script|link rel="modulepreload"[^>]*)>\n/gm;
if (!appScripts.test(index)) throw new Error('dist/index.html has no module script to take out');
const page = index
  .replace(appScripts, '')
  .replace('  </head>', `${head}\n  </head>`)
  .replace(root, `<div id="root" data-prerendered="landing">${html}</div>`);
if (/src="\/assets\/index-/.test(page)) throw new Error("dist/landing.html still loads the app's entry");
await writeFile(join(app, 'dist', 'landing.html'), page);
await rm(join(app, 'dist', '.vite'), { recursive: true, force: true });
await rm(ssrDir, { recursive: true, force: true });
process.stdout.write(`dist/landing.html: the landing page prerendered (${Math.round(html.length / 1024)} KiB of markup)\n`);
