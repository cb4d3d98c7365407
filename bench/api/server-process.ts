// What the benchmarks that run the real server share: a throw-away PostgreSQL database (or the
// embedded one) and the server process of bench/api/server.ts, spoken to over IPC.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import type { ServerMessage, ServerRequest } from './server.ts';

export function psql(url: string, command: string): void {
  const done = spawnSync('psql', [url, '-v', 'ON_ERROR_STOP=1', '-qc', command], { encoding: 'utf8' });
  if (done.status !== 0) throw new Error(`psql failed: ${done.stderr}`);
}

export interface BenchDatabase {
  url: string | undefined;
  kind: string;
  drop(): void;
}

/** A new PostgreSQL database named after this process on DATABASE_URL's server (or `pg`'s default), else the embedded one. */
export function prepareDatabase(options: { pg: boolean; label: string }): BenchDatabase {
  const base = process.env.DATABASE_URL || (options.pg ? 'postgres://postgres@127.0.0.1:5432/postgres' : undefined);
  if (!base) return { url: undefined, kind: 'embedded (PGlite)', drop: () => {} };
  const name = `reelsmith_bench_${options.label}${process.pid}`;
  psql(base, `CREATE DATABASE ${name}`);
  const url = new URL(base);
  url.pathname = `/${name}`;
  const version = spawnSync('psql', [url.toString(), '-tAc', 'SHOW server_version'], { encoding: 'utf8' }).stdout.trim();
  return { url: url.toString(), kind: `PostgreSQL ${version.split(' ')[0]}`, drop: () => psql(base, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

export interface Server {
  child: ChildProcess;
  url: URL;
  database: string;
  ask<T extends ServerMessage['type']>(request: ServerRequest, answer: T): Promise<Extract<ServerMessage, { type: T }>>;
}

/** Starts bench/api/server.ts (the app as main.ts builds it, behind a proxy: TRUST_PROXY) and waits until it listens. */
export async function startServer(dataDir: string, databaseUrl: string | undefined, env: Record<string, string> = {}): Promise<Server> {
  const child = spawn(process.execPath, [join(import.meta.dirname, 'server.ts')], {
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
    env: {
      ...process.env,
      NODE_ENV: 'development',
      HOST: '127.0.0.1',
      PORT: '0',
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl ?? '',
      LOG_LEVEL: 'info',
      TRUST_PROXY: 'true',
      WEB_DIST: join(dataDir, 'no-web'),
      ADMIN_DIST: join(dataDir, 'no-admin'),
      GOOGLE_CLIENT_ID: '',
      STRIPE_SECRET_KEY: '',
      STRIPE_WEBHOOK_SECRET: '',
      ...env,
    },
  });
  const next = <T extends ServerMessage['type']>(type: T) =>
    new Promise<Extract<ServerMessage, { type: T }>>((resolve, reject) => {
      const onMessage = (message: ServerMessage) => {
        if (message.type !== type) return;
        child.off('message', onMessage);
        child.off('exit', onExit);
        resolve(message as Extract<ServerMessage, { type: T }>);
      };
      const onExit = (code: number | null) => reject(new Error(`server exited with ${code}`));
      child.on('message', onMessage);
      child.once('exit', onExit);
    });
  const listening = await next('listening');
  return {
    child,
    url: new URL(listening.url),
    database: listening.database,
    ask: (request, answer) => {
      const reply = next(answer);
      child.send(request);
      return reply;
    },
  };
}
