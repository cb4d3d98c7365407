// A bare-tool server in a process of its own, beside the app in the same run (bench/api/bare-server.ts,
// bench/progress/bare-server.ts): the bench starts it and asks for its CPU and counters over IPC, the
// server answers with this file's other half. One protocol for every bare server.
import { spawn, type ChildProcess } from 'node:child_process';

/** What every bare server reports: its CPU time, plus its own counters. */
export type BareStats<Counters> = { cpuUserMs: number; cpuSystemMs: number } & Counters;
export type BareRequest = { type: 'stats' } | { type: 'close' };
export type BareMessage<Counters> = { type: 'listening'; url: string } | { type: 'stats'; stats: BareStats<Counters> };

export interface BareServer<Counters> {
  child: ChildProcess;
  url: URL;
  stats(): Promise<BareStats<Counters>>;
  /** Asks it to close and waits until it has exited. */
  close(): Promise<void>;
}

/** Starts a bare server (`entry`) on the same database and waits until it listens. */
export async function startBareServer<Counters>(entry: string, databaseUrl: string): Promise<BareServer<Counters>> {
  const child = spawn(process.execPath, [entry], {
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
    env: { ...process.env, DATABASE_URL: databaseUrl },
  });
  type Message = BareMessage<Counters>;
  const next = <T extends Message['type']>(type: T, request?: BareRequest) =>
    new Promise<Extract<Message, { type: T }>>((resolve, reject) => {
      const onMessage = (message: Message) => {
        if (message.type !== type) return;
        child.off('message', onMessage);
        child.off('exit', onExit);
        resolve(message as Extract<Message, { type: T }>);
      };
      const onExit = (code: number | null) => reject(new Error(`bare server exited with ${code}`));
      child.on('message', onMessage);
      child.once('exit', onExit);
      if (request) child.send(request);
    });
  const listening = await next('listening');
  return {
    child,
    url: new URL(listening.url),
    stats: async () => (await next('stats', { type: 'stats' })).stats,
    close: async () => {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.send({ type: 'close' } satisfies BareRequest);
      await exited;
    },
  };
}

/**
 * The server's half, once it listens on `port`: answers `stats` with its CPU and `counters()`, closes
 * on `close` or when the bench goes away, and says it listens.
 */
export function answerBench<Counters>(port: number, counters: () => Counters, close: () => Promise<void>): void {
  const send = (message: BareMessage<Counters>) => process.send?.(message);
  process.on('message', (message: BareRequest) => {
    if (message.type === 'stats') {
      const cpu = process.cpuUsage();
      send({ type: 'stats', stats: { cpuUserMs: cpu.user / 1000, cpuSystemMs: cpu.system / 1000, ...counters() } });
    } else if (message.type === 'close') {
      void close();
    }
  });
  // The bench is gone: so is its server.
  process.on('disconnect', () => void close());
  send({ type: 'listening', url: `http://127.0.0.1:${port}` });
}
