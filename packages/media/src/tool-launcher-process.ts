// The media tool launcher (see tool-launcher.ts): a small process that starts the tools the server
// asks for and hands their output back. Plain Node, run as it is (no build step); importing
// tool-launcher.ts forks nothing, it only lends the way a tool is started.
import { spawnDirect, type FromLauncher, type LaunchedTool, type ToLauncher } from './tool-launcher.ts';

const running = new Map<number, LaunchedTool>();

function send(message: FromLauncher): void {
  if (process.connected) process.send?.(message);
}

process.on('message', (message: ToLauncher) => {
  if (message.type === 'kill') {
    running.get(message.id)?.kill();
    return;
  }
  const { id, tool, args } = message;
  const launched = spawnDirect(tool, args, {
    stdout: (data) => send({ type: 'out', id, data }),
    stderr: (data) => send({ type: 'err', id, data }),
  });
  running.set(id, launched);
  // The end is sent after all of the tool's output: IPC keeps the order.
  launched.exited.then(
    ({ code, signal }) => send({ type: 'close', id, code, signal }),
    (err: Error) => send({ type: 'error', id, message: err.message }),
  ).finally(() => running.delete(id));
});

// The server went away: so do the tools it asked for.
process.on('disconnect', () => {
  for (const tool of running.values()) tool.kill();
  process.exit(0);
});

send({ type: 'ready', pid: process.pid });
