import { execFile } from 'node:child_process';
import { resolve } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const run = promisify(execFile);
const loggerModule = resolve(import.meta.dirname, '../src/logger.ts');

/** Runs a script that logs with the server's logger in a process of its own; answers its stdout lines. */
async function linesOf(script: string): Promise<Record<string, unknown>[]> {
  const { stdout } = await run(process.execPath, ['--input-type=module', '-e', `import { createLogger } from ${JSON.stringify(loggerModule)};\n${script}`]).catch(
    (err: { stdout?: string }) => ({ stdout: err.stdout ?? '' }),
  );
  return stdout
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

// The server's log lines are written asynchronously (off the request's path); none may be lost when
// the process ends at once after logging, whether it exits or crashes.
describe('the server logger', () => {
  it('writes out every line logged just before process.exit', async () => {
    const lines = await linesOf(`const log = createLogger('info'); for (let i = 0; i < 2000; i++) log.info({ i }, 'line'); process.exit(3);`);
    expect(lines).toHaveLength(2000);
    expect(lines.at(-1)).toMatchObject({ i: 1999, msg: 'line', level: 30 });
  });

  it('writes out the lines logged before an uncaught exception ends the process', async () => {
    const lines = await linesOf(`const log = createLogger('info'); for (let i = 0; i < 500; i++) log.info({ i }, 'line'); log.fatal('about to fail'); throw new Error('boom');`);
    expect(lines).toHaveLength(501);
    expect(lines.at(-1)).toMatchObject({ msg: 'about to fail', level: 60 });
  });

  it('keeps secrets out of its lines', async () => {
    const [line] = await linesOf(`createLogger('info').info({ smtp: { password: 'hunter2' }, session: { token: 'tok-abc' } }, 'configured'); process.exit(0);`);
    expect(line).toMatchObject({ msg: 'configured', smtp: { password: '[redacted]' }, session: { token: '[redacted]' } });
    expect(JSON.stringify(line)).not.toMatch(/hunter2|tok-abc/);
  });
});
