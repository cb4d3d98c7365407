// An SMTP catch-all as a compose service: accepts every message (any or no login, no TLS) and logs
// one line per message: sender, recipients, subject. `node smtp-sink.mjs --check` is its health check.
import { createRequire } from 'node:module';
import { connect } from 'node:net';

const port = Number(process.env.SMTP_PORT ?? 2525);
if (process.argv.includes('--check')) {
  // Healthy when the sink greets with 220.
  const socket = connect(port, '127.0.0.1');
  socket.setTimeout(4000, () => process.exit(1));
  socket.once('data', (data) => process.exit(String(data).startsWith('220') ? 0 : 1));
  socket.once('error', () => process.exit(1));
} else {
  // smtp-server and mailparser are development dependencies of packages/core: resolved from there.
  const require = createRequire(new URL('../../packages/core/package.json', import.meta.url));
  const { SMTPServer } = require('smtp-server');
  const { simpleParser } = require('mailparser');
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onAuth: (_auth, _session, callback) => callback(null, { user: 'sink' }),
    onData: (stream, session, callback) => {
      simpleParser(stream).then(
        (mail) => {
          const to = session.envelope.rcptTo.map((r) => r.address).join(', ');
          console.log(JSON.stringify({ received: new Date().toISOString(), from: session.envelope.mailFrom?.address, to, subject: mail.subject ?? '' }));
          callback();
        },
        (err) => callback(err),
      );
    },
  });
  server.on('error', (err) => console.error(`smtp sink: ${err.message}`));
  server.listen(port, '0.0.0.0', () => console.log(`SMTP sink listening on :${port}`));
  const stop = () => server.close(() => process.exit(0));
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}
