import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import {
  devServerPort,
  devServerUrl,
  e2eAdmin,
  host,
  oidcClient,
  oidcIssuerUrl,
  oidcServerPort,
  oidcServerUrl,
  slowProxyUrl,
  slowRenderMs,
  slowServerPort,
  smtpSinkPort,
} from './support/env.ts';

const repoRoot = resolve(import.meta.dirname, '../..');
const serverEntry = resolve(repoRoot, 'apps/server/src/main.ts');
// The development sign-in server, which the parallel specs share, starts with the fixture state they sign in to.
const fixtureServerEntry = resolve(import.meta.dirname, 'support/server.ts');
const webDist = resolve(repoRoot, 'apps/web/dist');
const adminDist = resolve(repoRoot, 'apps/admin/dist');
const isCI = Boolean(process.env.CI);
// Tests that only take pictures (`@screens`) run when pictures are asked for (support/screens.ts).
const skipped = process.env.UPDATE_SCREENS || process.env.SCREENS ? [] : ['@screens'];
const without = (...tags: string[]) => new RegExp([...tags, ...skipped].join('|'));
const longestFirst = 'web/wizard-full-flow.spec.ts';
// Minutes of waiting for a fake provider, on its own server: started first, beside everything else.
const slowProvider = 'web/wizard-slow-provider.spec.ts';
const slowProviderServerEntry = resolve(import.meta.dirname, 'support/slow-provider-server.ts');

/**
 * A temporary directory that lives as long as this run. This file is also loaded by every worker:
 * the runner creates the directory once and hands it down through the environment (`envName`), and
 * removes it when it exits, which is after Playwright has stopped the servers.
 */
function runDir(envName: string, label: string, fill?: (dir: string) => void): string {
  const existing = process.env[envName];
  if (existing) return existing;
  const dir = mkdtempSync(join(tmpdir(), `reelsmith-e2e-${label}-`));
  process.on('exit', () => rmSync(dir, { recursive: true, force: true }));
  fill?.(dir);
  process.env[envName] = dir;
  return dir;
}

/** Every file under `dir` with its size and modification time, to tell whether a build is under way. */
function fingerprint(dir: string): string {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .map((name) => {
      const stat = statSync(join(dir, name));
      return stat.isFile() ? `${name}:${stat.size}:${stat.mtimeMs}` : '';
    })
    .sort()
    .join('\n');
}

/** Whether every file index.html loads is present in `dir`. */
function isCompleteBuild(dir: string): boolean {
  const index = join(dir, 'index.html');
  if (!existsSync(index)) return false;
  const refs = [...readFileSync(index, 'utf8').matchAll(/(?:src|href)="\/([^"?#]+)"/g)].map((m) => m[1] ?? '');
  // The admin build's index.html names its files under its /admin/ base.
  return refs.every((ref) => existsSync(join(dir, ref)) || existsSync(join(dir, ref.replace(/^admin\//, ''))));
}

/**
 * The server only serves the files its app directories held when it started, so a rebuild of apps/web
 * or apps/admin during a run (another terminal, a watcher) would blank every page. The servers get a
 * copy of each build taken while no build was writing to it.
 */
function snapshotBuild(source: string, app: string, dir: string): void {
  const started = Date.now();
  for (;;) {
    if (isCompleteBuild(source)) {
      const before = fingerprint(source);
      cpSync(source, dir, { recursive: true, filter: (src) => !src.endsWith('.map') });
      if (fingerprint(source) === before && isCompleteBuild(dir)) return;
      rmSync(dir, { recursive: true, force: true });
    }
    // A build empties the directory first, so a short absence may be one under way.
    const waited = Date.now() - started;
    if (!existsSync(join(source, 'index.html')) && waited > 20_000) {
      throw new Error(`The ${app} app is not built (${relative(repoRoot, source)}/index.html is missing): run \`pnpm --filter @reelsmith/${app} build\` first.`);
    }
    if (waited > 180_000) throw new Error(`${relative(repoRoot, source)} did not hold a complete, settled build within 3 minutes.`);
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 1_000);
  }
}

const webSnapshot = runDir('E2E_WEB_DIST', 'web', (dir) => snapshotBuild(webDist, 'web', dir));
const adminSnapshot = runDir('E2E_ADMIN_DIST', 'admin', (dir) => snapshotBuild(adminDist, 'admin', dir));
// A fresh, empty data directory (embedded database + media) per server and run.
const devDataDir = runDir('E2E_DEV_DATA_DIR', 'dev');
const oidcDataDir = runDir('E2E_OIDC_DATA_DIR', 'oidc');
const slowDataDir = runDir('E2E_SLOW_DATA_DIR', 'slow');

function serverEnv(port: number, dataDir: string, extra: Record<string, string>): Record<string, string> {
  return {
    NODE_ENV: 'test',
    HOST: host,
    PORT: String(port),
    PUBLIC_URL: `http://${host}:${port}`,
    DATA_DIR: dataDir,
    WEB_DIST: webSnapshot,
    ADMIN_DIST: adminSnapshot,
    DATABASE_URL: '',
    LOG_LEVEL: 'warn',
    // Every spec signs its customers in from this one address, more than 30 a minute with the sweeps beside the rest.
    DEV_SIGN_IN_RATE_LIMIT_MAX: '600',
    ...extra,
  };
}

/**
 * Debian's Chromium headless shell (package chromium-headless-shell): the browser Playwright itself runs
 * headless tests in, the same Blink and V8 as /usr/bin/chromium without the desktop browser's UI. The
 * full browser run headless pre-renders its address bar and keeps a browser UI process busy for every
 * context: with the shell the end-to-end run used 352 s of machine CPU instead of 409 (docs/benchmarks.md).
 */
const chromium = {
  ...devices['Desktop Chrome'],
  launchOptions: {
    executablePath: '/usr/bin/chromium-headless-shell',
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  },
};

// The servers shut down on SIGTERM (closing the database) instead of being killed outright.
const gracefulShutdown = { signal: 'SIGTERM', timeout: 10_000 } as const;

export default defineConfig({
  testDir: '.',
  testMatch: ['web/**/*.spec.ts', 'api/**/*.spec.ts', 'admin/**/*.spec.ts'],
  outputDir: 'test-results',
  fullyParallel: false,
  forbidOnly: isCI,
  retries: isCI ? 1 : 0,
  workers: 2,
  reporter: 'list',
  // Hang guards, not speed bounds (docs/decisions.md): on a slow 2-core machine with the suites running
  // beside, a sign-in to the dashboard took 37 s while another test rendered on the same embedded database.
  timeout: 90_000,
  expect: { timeout: 20_000 },
  use: {
    // A click or fill waits for its element at most this long (by default it waits out the whole test,
    // which for the wizard's long tests hid a covered element behind 15 silent minutes).
    actionTimeout: 60_000,
    ...chromium,
    screenshot: 'only-on-failure',
    // Recording a trace costs about a fifth of a test's time on two cores, so only the retry of a
    // failed test records one (CI retries once), which is where the trace is read.
    trace: 'on-first-retry',
    // The landing page's samples and gallery stay still (the page honours the setting, as a visitor's
    // system asks): the browser does not decode five looping videos behind every sign-in. The landing
    // test that checks they play asks for motion itself.
    reducedMotion: 'reduce',
  },
  projects: [
    {
      // A step whose provider takes minutes, behind a proxy that ends every request after 30 s: mostly
      // waiting, so it is queued first and the other worker runs the rest beside it.
      name: 'slow-provider',
      testMatch: slowProvider,
      grepInvert: without('@oidc', '@exclusive'),
      timeout: slowRenderMs + 180_000,
      use: { baseURL: slowProxyUrl },
    },
    {
      // The longest test (the whole wizard, real renders) is queued first, so the other worker runs the
      // rest beside it instead of the run ending on it alone.
      name: 'wizard',
      testMatch: longestFirst,
      grepInvert: without('@oidc', '@exclusive'),
      use: { baseURL: devServerUrl },
    },
    {
      // Everything except the Google (OpenID Connect) flow runs against the development sign-in server.
      name: 'dev-sign-in',
      testIgnore: [longestFirst, slowProvider],
      grepInvert: without('@oidc', '@exclusive'),
      use: { baseURL: devServerUrl },
    },
    {
      // Tests that change what every customer of the server sees (maintenance mode) run alone, after the others.
      name: 'exclusive',
      grep: /@exclusive/,
      testIgnore: slowProvider,
      dependencies: ['wizard', 'dev-sign-in'],
      use: { baseURL: devServerUrl },
    },
    {
      name: 'oidc',
      grep: /@oidc/,
      testIgnore: slowProvider,
      grepInvert: without('@exclusive'),
      use: { baseURL: oidcServerUrl },
    },
  ],
  // Started in this order; the OIDC server discovers the provider's endpoints while it starts.
  webServer: [
    {
      name: 'oidc-provider',
      command: 'node support/oidc-provider.ts',
      url: `${oidcIssuerUrl}/.well-known/openid-configuration`,
      reuseExistingServer: !isCI,
      timeout: 30_000,
      stdout: 'ignore',
      gracefulShutdown,
    },
    {
      name: 'server (development sign-in)',
      command: `node ${JSON.stringify(fixtureServerEntry)}`,
      cwd: repoRoot,
      url: `${devServerUrl}/healthz`,
      env: serverEnv(devServerPort, devDataDir, {
        GOOGLE_CLIENT_ID: '',
        GOOGLE_CLIENT_SECRET: '',
        ADMIN_EMAIL: e2eAdmin.email,
        ADMIN_PASSWORD: e2eAdmin.password,
        SMTP_HOST: host,
        SMTP_PORT: String(smtpSinkPort),
        EMAIL_FROM: 'Reelsmith E2E <no-reply@reelsmith.test>',
      }),
      reuseExistingServer: !isCI,
      // Starting (migrations, seeding, argon2, the fixtures) takes about a minute when the machine is busy.
      timeout: 150_000,
      stdout: 'ignore',
      gracefulShutdown,
    },
    {
      name: 'server (slow provider, behind a 30 s proxy)',
      command: `node ${JSON.stringify(slowProviderServerEntry)}`,
      cwd: repoRoot,
      // Through the proxy: it is up when the server behind it answers.
      url: `${slowProxyUrl}/healthz`,
      env: serverEnv(slowServerPort, slowDataDir, { GOOGLE_CLIENT_ID: '', GOOGLE_CLIENT_SECRET: '', PUBLIC_URL: slowProxyUrl }),
      reuseExistingServer: !isCI,
      timeout: 150_000,
      stdout: 'ignore',
      gracefulShutdown,
    },
    {
      name: 'server (OpenID Connect)',
      // apps/server's own entry, as deployed (no fixtures: the OpenID Connect specs make their own state).
      command: `node ${JSON.stringify(serverEntry)}`,
      cwd: repoRoot,
      url: `${oidcServerUrl}/healthz`,
      env: serverEnv(oidcServerPort, oidcDataDir, {
        GOOGLE_CLIENT_ID: oidcClient.id,
        GOOGLE_CLIENT_SECRET: oidcClient.secret,
        GOOGLE_ISSUER: oidcIssuerUrl,
      }),
      reuseExistingServer: !isCI,
      // Starting (migrations, seeding, argon2) takes about a minute when the machine is busy.
      timeout: 150_000,
      stdout: 'ignore',
      gracefulShutdown,
    },
  ],
});
