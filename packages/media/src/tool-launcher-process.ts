// The media tool launcher (see tool-launcher.ts): a small process that starts the tools the server
// asks for and hands their output back. Plain Node, run as it is (no build step, no imports of ours
// but types), so that it starts wherever the server does.
import { spawn, type ChildProcess } from 'node:child_process';
import type { FromLauncher, ToLauncher } from './tool-launcher.ts';

const running = new Map<number, ChildProcess>();

function send(message: FromLauncher): void {
  if (process.connected) process.send?.(message);
}

process.on('message', (message: ToLauncher) => {
  if (message.type === 'kill') {
    running.get(message.id)?.kill('SIGKILL');
    return;
  }
  const { id, tool, args } = message;
  const child = spawn(tool, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  running.set(id, child);
  child.stdout.on('data', (data: Buffer) => send({ type: 'out', id, data }));
  child.stderr.on('data', (data: Buffer) => send({ type: 'err', id, data }));
  let settled = false;
  child.once('error', (err) => {
    if (settled) return;
    settled = true;
    running.delete(id);
    send({ type: 'error', id, message: err.message });
  });
  // After 'close' all of the tool's output has been read and sent: IPC keeps the order.
  child.once('close', (code, signal) => {
    if (settled) return;
    settled = true;
    running.delete(id);
    send({ type: 'close', id, code, signal });
  });
});

// The server went away: so do the tools it asked for.
process.on('disconnect', () => {
  for (const child of running.values()) child.kill('SIGKILL');
  process.exit(0);
});

send({ type: 'ready', pid: process.pid });
