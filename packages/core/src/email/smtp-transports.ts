import nodemailer, { type Transporter } from 'nodemailer';
import { requireTlsByDefault, type SmtpConfig } from './smtp-config.ts';

/** Connections kept open to one SMTP server, and messages per second over all of them (SMTP_MAX_CONNECTIONS, SMTP_RATE_PER_SECOND). */
export const defaultSmtpPool: SmtpPoolSize = { maxConnections: 3, ratePerSecond: 10 };

export interface SmtpPoolSize {
  maxConnections: number;
  ratePerSecond: number;
}

/**
 * One pooled transport per SMTP server and settings: mails share a few long-lived connections and a
 * send rate instead of opening one connection each, all at once (which mail services throttle).
 * A changed setting (another host, user or password) gets a new pool and the old one is closed.
 */
export class SmtpTransports {
  readonly #pools = new Map<string, Transporter>();
  readonly #size: SmtpPoolSize;

  constructor(size: Partial<SmtpPoolSize> = {}) {
    this.#size = { ...defaultSmtpPool, ...size };
  }

  get(config: SmtpConfig): Transporter {
    const key = JSON.stringify([config.host, config.port, config.secure, config.user, config.password, config.requireTls, config.ehloName, config.ca]);
    const existing = this.#pools.get(key);
    if (existing) return existing;
    const server = `${JSON.stringify([config.host, config.port]).slice(0, -1)},`;
    for (const [otherKey, other] of this.#pools) {
      if (!otherKey.startsWith(server)) continue;
      // Superseded settings: its mails in flight finish, then its connections close.
      this.#pools.delete(otherKey);
      setTimeout(() => other.close(), 60_000).unref();
    }
    const transport = nodemailer.createTransport({
      pool: true,
      maxConnections: this.#size.maxConnections,
      maxMessages: 100,
      rateDelta: 1000,
      rateLimit: this.#size.ratePerSecond,
      host: config.host,
      port: config.port,
      secure: config.secure,
      // STARTTLS is required (no password or message in clear if a network strips it), loopback aside.
      requireTLS: !config.secure && (config.requireTls ?? requireTlsByDefault(config.host)),
      ...(config.ehloName ? { name: config.ehloName } : {}),
      ...(config.ca ? { tls: { ca: config.ca } } : {}),
      auth: config.user ? { user: config.user, pass: config.password ?? '' } : undefined,
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 30_000,
    });
    this.#pools.set(key, transport);
    return transport;
  }

  /** Closes every pool (shutdown, tests). */
  close(): void {
    for (const transport of this.#pools.values()) transport.close();
    this.#pools.clear();
  }
}

/** The process's pools, for callers whose dependencies name none. */
export const sharedSmtpTransports = new SmtpTransports();
