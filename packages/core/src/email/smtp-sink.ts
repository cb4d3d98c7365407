// Test helper: a real SMTP server on loopback that keeps what it receives, parsed.
import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface SmtpSink {
  port: number;
  received: ParsedMail[];
  /** The name each client gave in EHLO/HELO. */
  ehloNames: string[];
  /** How many times a client tried to authenticate. */
  authAttempts: number;
  /** Resolves with the first received message that matches (waits up to `timeoutMs`). */
  waitFor(match: (mail: ParsedMail) => boolean, timeoutMs?: number): Promise<ParsedMail>;
  close(): Promise<void>;
}

/** A refusal as real services send them: at AUTH (535, 454) or at MAIL FROM (554 unverified sender, 421 throttling). */
export interface SinkRefusal {
  at: 'auth' | 'mail';
  code: number;
  message: string;
}

const refusal = (r: SinkRefusal) => Object.assign(new Error(r.message), { responseCode: r.code });

/**
 * Starts the sink on a random port; recipients in `rejectRecipients` are refused with a 550 (a bounce);
 * `refuse` answers AUTH or MAIL FROM with the given reply. It offers no STARTTLS.
 */
export async function startSmtpSink(options: { rejectRecipients?: string[]; refuse?: SinkRefusal } = {}): Promise<SmtpSink> {
  const received: ParsedMail[] = [];
  const ehloNames: string[] = [];
  const counters = { authAttempts: 0 };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    // Plain-text AUTH without TLS, as a careless relay would accept it: the client must refuse to send it.
    allowInsecureAuth: true,
    logger: false,
    onConnect: (_session, callback) => callback(),
    onAuth: (_auth, _session, callback) => {
      counters.authAttempts += 1;
      if (options.refuse?.at === 'auth') return callback(refusal(options.refuse));
      callback(null, { user: 'test' });
    },
    onMailFrom: (_address, session, callback) => {
      ehloNames.push(session.hostNameAppearsAs);
      if (options.refuse?.at === 'mail') return callback(refusal(options.refuse));
      callback();
    },
    onRcptTo: (address, _session, callback) => {
      if (options.rejectRecipients?.includes(address.address.toLowerCase())) {
        return callback(Object.assign(new Error('Mailbox unavailable'), { responseCode: 550 }));
      }
      callback();
    },
    onData: (stream, _session, callback) => {
      simpleParser(stream).then(
        (mail) => {
          received.push(mail);
          callback();
        },
        (err: Error) => callback(err),
      );
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const port = (server.server.address() as AddressInfo).port;
  return {
    port,
    received,
    ehloNames,
    get authAttempts() {
      return counters.authAttempts;
    },
    waitFor: async (match, timeoutMs = 5_000) => {
      const until = Date.now() + timeoutMs;
      for (;;) {
        const found = received.find(match);
        if (found) return found;
        if (Date.now() > until) throw new Error(`No matching e-mail arrived within ${timeoutMs} ms (${received.length} received)`);
        await new Promise((r) => setTimeout(r, 25));
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
