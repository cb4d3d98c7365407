import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MediaToolError, runTool, runToolStreaming } from './ffmpeg.ts';
import { launchTool, toolLauncherPid } from './tool-launcher.ts';

/** CPU time this process spends starting `n` programs, in ms per start. */
async function startCost(n: number, start: () => Promise<unknown>): Promise<number> {
  const before = process.cpuUsage();
  for (let i = 0; i < n; i++) await start();
  const used = process.cpuUsage(before);
  return (used.user + used.system) / 1000 / n;
}

describe('the media tool launcher', () => {
  it('starts tools from its own small process, not from this one, and hands back their output and exit', async () => {
    const { stdout } = await runTool('sh', ['-c', 'echo "$PPID"; echo "to stderr" >&2']);
    const parent = Number(stdout.trim());
    expect(toolLauncherPid()).toBeDefined();
    expect(parent).toBe(toolLauncherPid());
    expect(parent).not.toBe(process.pid);
  });

  it('hands each argument to the tool as it is: no shell, control characters and huge values intact', async () => {
    const hostile = ['$(touch /tmp/owned); `id` | rm -rf ~ && echo pwned', 'line\nbreak\ttab\u0001\u007f', '"\'\\', 'é🙂', 'x'.repeat(100_000)];
    for (const argument of hostile) {
      const { stdout } = await runTool('printf', ['%s', argument]);
      expect(stdout).toBe(argument);
    }
  });

  it('keeps binary output byte for byte, in order, across many chunks', async () => {
    // 3 MB of every byte value, written in pieces by the tool.
    const chunks: Buffer[] = [];
    await runToolStreaming('sh', ['-c', 'for i in 1 2 3; do head -c 1048576 /dev/zero | tr "\\0" "\\377"; printf "\\000\\001\\002"; done'], {}, (c) => chunks.push(c));
    const bytes = Buffer.concat(chunks);
    expect(bytes.length).toBe(3 * (1048576 + 3));
    expect(bytes.subarray(1048576, 1048579)).toEqual(Buffer.from([0, 1, 2]));
    expect(bytes.subarray(0, 1048576).every((b) => b === 255)).toBe(true);
  });

  it('reports a failing tool with its exit code and the end of its stderr, and a missing one as not started', async () => {
    const failed = await runTool('sh', ['-c', 'echo "bad input" >&2; exit 3']).catch((e: unknown) => e);
    expect(failed).toBeInstanceOf(MediaToolError);
    expect((failed as MediaToolError).message).toBe('sh exited with 3: bad input');
    const missing = await runTool('no-such-media-tool', []).catch((e: unknown) => e);
    expect((missing as MediaToolError).message).toMatch(/^no-such-media-tool could not start: .*ENOENT/);
  });

  it('kills a tool on timeout and on abort, and starts none for a signal already aborted', async () => {
    const started = Date.now();
    const slow = await runTool('sleep', ['30'], { timeoutMs: 200 }).catch((e: unknown) => e);
    expect((slow as Error).message).toBe('sleep took longer than 200 ms');
    const stop = new AbortController();
    const aborted = runTool('sleep', ['30'], { signal: stop.signal }).catch((e: unknown) => e);
    setTimeout(() => stop.abort(), 100);
    expect(((await aborted) as Error).message).toBe('sleep was stopped: the work was stopped');
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(((await runTool('sleep', ['30'], { signal: AbortSignal.abort() }).catch((e: unknown) => e)) as Error).message).toBe('sleep was not started: the work was stopped');
    // The killed tools are gone: the launcher runs nothing now.
    const { stdout } = await runTool('sh', ['-c', 'pgrep -P "$PPID" -x sleep || echo none']);
    expect(stdout.trim()).toBe('none');
  });

  it('runs tools side by side', async () => {
    // Each tool checks in, then waits (up to 20 s) until all twelve have: only tools running at the same
    // time all see the others. Run one after another, the first would give up alone.
    const meeting = await mkdtemp(join(tmpdir(), 'reelsmith-launcher-'));
    const script = 'touch "$0/$1"; for _ in $(seq 200); do [ "$(ls "$0" | wc -l)" -ge 12 ] && { echo "$1 together"; exit 0; }; sleep 0.1; done; echo "$1 alone"';
    try {
      const runs = await Promise.all(Array.from({ length: 12 }, (_, i) => runTool('sh', ['-c', script, meeting, String(i)])));
      expect(runs.map((r) => r.stdout.trim())).toEqual(Array.from({ length: 12 }, (_, i) => `${i} together`));
    } finally {
      await rm(meeting, { recursive: true, force: true });
    }
  });

  it('after the launcher dies, the tool it ran fails and the next tool starts a new launcher', async () => {
    const first = toolLauncherPid();
    const running = launchTool('sleep', ['3']);
    await new Promise((r) => setTimeout(r, 100));
    process.kill(first!, 'SIGKILL');
    await expect(running.exited).rejects.toThrow(/launcher stopped \(SIGKILL\) while sleep ran/);
    const { stdout } = await runTool('sh', ['-c', 'echo "$PPID"']);
    expect(Number(stdout.trim())).toBe(toolLauncherPid());
    expect(toolLauncherPid()).not.toBe(first);
  });

  it('costs this process less CPU per start than starting the tool itself does when this process is large', async () => {
    // A server holding an embedded database is hundreds of MB resident; a fork costs in proportion.
    const ballast = Buffer.alloc(600 * 1024 * 1024, 1);
    const direct = await startCost(20, () => new Promise((r) => spawn('true').once('close', r)));
    const launched = await startCost(20, () => runTool('true', []));
    expect(ballast[ballast.length - 1]).toBe(1);
    expect(launched).toBeLessThan(direct / 2);
  });
});
