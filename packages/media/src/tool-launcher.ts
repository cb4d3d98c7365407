import { fork, spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/**
 * Media tools (ffmpeg, ffprobe, espeak-ng, flite) started by a small process of their own.
 *
 * Starting a program forks the process that starts it, and a fork costs in proportion to that
 * process's memory: from a server holding an embedded database (400 MB–2 GB resident) each start took
 * 4–35 ms of CPU with the event loop stopped, against about 1 ms from a 50 MB process (measured here,
 * docs/benchmarks.md). So the server forks one small launcher once, and the launcher starts the tools
 * and hands their output back over IPC. If the launcher cannot start at all, tools are started
 * directly, as before; if it dies, the tools it was running fail and the next one starts a new launcher.
 */

export interface ToolHandlers {
  stdout?: (chunk: Buffer) => void;
  stderr?: (chunk: Buffer) => void;
}

export interface ToolExit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

export interface LaunchedTool {
  /** The tool's end, after all of its output was handed to the handlers; rejects when it could not start. */
  readonly exited: Promise<ToolExit>;
  /** Ends the tool at once (SIGKILL). */
  kill(): void;
}

/** Messages to the launcher process. */
export type ToLauncher = { type: 'spawn'; id: number; tool: string; args: string[] } | { type: 'kill'; id: number };
/** Messages from the launcher process. */
export type FromLauncher =
  | { type: 'ready'; pid: number }
  | { type: 'out' | 'err'; id: number; data: Uint8Array }
  | { type: 'error'; id: number; message: string }
  | { type: 'close'; id: number; code: number | null; signal: NodeJS.Signals | null };

interface Run {
  readonly tool: string;
  readonly args: string[];
  readonly handlers: ToolHandlers;
  resolve(exit: ToolExit): void;
  reject(error: Error): void;
  kill(): void;
}

const launcherEntry = fileURLToPath(new URL('./tool-launcher-process.ts', import.meta.url));

function asBuffer(data: Uint8Array): Buffer {
  return Buffer.isBuffer(data) ? data : Buffer.from(data.buffer, data.byteOffset, data.byteLength);
}

/** Starts the tool from this process: the launcher's own way, and the fallback when there is no launcher. */
export function spawnDirect(tool: string, args: string[], handlers: ToolHandlers): LaunchedTool {
  const child = spawn(tool, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout.on('data', (chunk: Buffer) => handlers.stdout?.(chunk));
  child.stderr.on('data', (chunk: Buffer) => handlers.stderr?.(chunk));
  const exited = new Promise<ToolExit>((resolve, reject) => {
    child.once('error', reject);
    child.once('close', (code, signal) => resolve({ code, signal }));
  });
  return { exited, kill: () => void child.kill('SIGKILL') };
}

class ToolLauncher {
  #child: ChildProcess | undefined;
  #ready = false;
  /** The launcher could not start here: tools are started directly from now on. */
  #unavailable = false;
  #launcherPid: number | undefined;
  readonly #runs = new Map<number, Run>();
  #nextId = 1;

  /** The launcher's process id once it has started (tests check who the tools' parent is). */
  get pid(): number | undefined {
    return this.#ready ? this.#launcherPid : undefined;
  }

  launch(tool: string, args: string[], handlers: ToolHandlers): LaunchedTool {
    if (this.#unavailable) return spawnDirect(tool, args, handlers);
    const child = this.#started();
    const id = this.#nextId++;
    let run!: Run;
    const exited = new Promise<ToolExit>((resolve, reject) => {
      run = { tool, args, handlers, resolve, reject, kill: () => child.connected && child.send({ type: 'kill', id } satisfies ToLauncher) };
    });
    this.#runs.set(id, run);
    this.#keepAlive();
    child.send({ type: 'spawn', id, tool, args } satisfies ToLauncher);
    return { exited, kill: () => run.kill() };
  }

  #started(): ChildProcess {
    if (this.#child) return this.#child;
    // No inherited flags (a test runner's loaders, a profiler): the launcher is plain Node.
    const child = fork(launcherEntry, [], { execArgv: [], serialization: 'advanced', stdio: ['ignore', 'ignore', 'inherit', 'ipc'] });
    this.#child = child;
    this.#ready = false;
    child.on('message', (message: FromLauncher) => this.#received(message));
    child.on('error', () => undefined);
    child.once('exit', (code, signal) => this.#ended(child, code, signal));
    return child;
  }

  #received(message: FromLauncher): void {
    if (message.type === 'ready') {
      this.#ready = true;
      this.#launcherPid = message.pid;
      return;
    }
    const run = this.#runs.get(message.id);
    if (!run) return;
    switch (message.type) {
      case 'out':
        run.handlers.stdout?.(asBuffer(message.data));
        break;
      case 'err':
        run.handlers.stderr?.(asBuffer(message.data));
        break;
      case 'error':
        this.#finish(message.id);
        run.reject(new Error(message.message));
        break;
      case 'close':
        this.#finish(message.id);
        run.resolve({ code: message.code, signal: message.signal });
        break;
    }
  }

  #finish(id: number): void {
    this.#runs.delete(id);
    this.#keepAlive();
  }

  #ended(child: ChildProcess, code: number | null, signal: NodeJS.Signals | null): void {
    if (this.#child !== child) return;
    this.#child = undefined;
    const runs = [...this.#runs.values()];
    this.#runs.clear();
    if (!this.#ready) {
      // It never started (no usable Node here): start tools directly, these first.
      this.#unavailable = true;
      for (const run of runs) {
        const direct = spawnDirect(run.tool, run.args, run.handlers);
        run.kill = direct.kill;
        direct.exited.then(run.resolve, run.reject);
      }
      return;
    }
    for (const run of runs) run.reject(new Error(`the media tool launcher stopped (${signal ?? `exit ${code}`}) while ${run.tool} ran`));
  }

  /** The launcher keeps this process alive only while a tool runs. */
  #keepAlive(): void {
    const child = this.#child;
    if (!child) return;
    if (this.#runs.size > 0) {
      child.ref();
      child.channel?.ref();
    } else {
      child.unref();
      child.channel?.unref();
    }
  }
}

const launcher = new ToolLauncher();

/** Starts a media tool with no input, its output handed to `handlers` as it comes. */
export function launchTool(tool: string, args: string[], handlers: ToolHandlers = {}): LaunchedTool {
  return launcher.launch(tool, args, handlers);
}

/** The launcher process's id, once one has started (undefined while tools are started directly). */
export function toolLauncherPid(): number | undefined {
  return launcher.pid;
}
