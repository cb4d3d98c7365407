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
  /** Connections opened in all, and the most open at one time. */
  connections: number;
  peakConnections: number;
  /** Whether each MAIL FROM came over TLS (STARTTLS). */
  mailOverTls: boolean[];
  /** Resolves with the first received message that matches (waits up to `timeoutMs`). */
  waitFor(match: (mail: ParsedMail) => boolean, timeoutMs?: number): Promise<ParsedMail>;
  close(): Promise<void>;
}

/** A refusal as real services send them: at AUTH (535, 454) or at MAIL FROM (554 unverified sender, 421 throttling). */
export interface SinkRefusal {
  at: 'auth' | 'mail';
  code: number;
  message: string;
  /** Refuse only this many times, then accept (a throttle that lifts); always when absent. */
  times?: number;
}

export interface SinkOptions {
  rejectRecipients?: string[];
  refuse?: SinkRefusal;
  /** Offer STARTTLS with this certificate, and refuse AUTH and MAIL FROM in clear (530), as relays on the Internet do. */
  tls?: { key: string; cert: string };
}

const refusal = (r: SinkRefusal) => Object.assign(new Error(r.message), { responseCode: r.code });

/**
 * Starts the sink on a random port; recipients in `rejectRecipients` are refused with a 550 (a bounce);
 * `refuse` answers AUTH or MAIL FROM with the given reply. Without `tls` it offers no STARTTLS.
 */
export async function startSmtpSink(options: SinkOptions = {}): Promise<SmtpSink> {
  const received: ParsedMail[] = [];
  const ehloNames: string[] = [];
  const mailOverTls: boolean[] = [];
  const counters = { authAttempts: 0, refusals: 0, connections: 0, open: 0, peak: 0 };
  const refuseNow = (at: SinkRefusal['at']): SinkRefusal | undefined => {
    const r = options.refuse;
    if (r?.at !== at) return undefined;
    if (r.times !== undefined && counters.refusals >= r.times) return undefined;
    counters.refusals += 1;
    return r;
  };
  const inClear = () => Object.assign(new Error('5.7.0 Must issue a STARTTLS command first'), { responseCode: 530 });
  const server = new SMTPServer({
    authOptional: true,
    ...(options.tls ? { key: options.tls.key, cert: options.tls.cert } : { disabledCommands: ['STARTTLS'] }),
    // Plain-text AUTH without TLS, as a careless relay would accept it: the client must refuse to send it.
    allowInsecureAuth: true,
    logger: false,
    // Pooled clients keep connections open: closing the sink ends them after a second, not thirty.
    closeTimeout: 1000,
    onConnect: (_session, callback) => {
      counters.connections += 1;
      counters.open += 1;
      counters.peak = Math.max(counters.peak, counters.open);
      callback();
    },
    onClose: () => {
      counters.open -= 1;
    },
    onAuth: (_auth, session, callback) => {
      counters.authAttempts += 1;
      if (options.tls && !session.secure) return callback(inClear());
      const refused = refuseNow('auth');
      if (refused) return callback(refusal(refused));
      callback(null, { user: 'test' });
    },
    onMailFrom: (_address, session, callback) => {
      ehloNames.push(session.hostNameAppearsAs);
      mailOverTls.push(session.secure);
      if (options.tls && !session.secure) return callback(inClear());
      const refused = refuseNow('mail');
      if (refused) return callback(refusal(refused));
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
    mailOverTls,
    get authAttempts() {
      return counters.authAttempts;
    },
    get connections() {
      return counters.connections;
    },
    get peakConnections() {
      return counters.peak;
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
