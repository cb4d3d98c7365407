import type { Kysely } from 'kysely';
import type { Database } from '@reelsmith/db';
import type { EmailNotifier } from './email/email-notifier-port.ts';
import type { SmtpConfig } from './email/smtp-config.ts';
import type { SmtpTransports } from './email/smtp-transports.ts';
import type { WebhookSettings } from './webhooks/webhook-settings.ts';
import type { MetricsRecorder } from './metrics/metrics-recorder.ts';

export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** The pino-compatible subset services log through. */
export interface Logger {
  debug(obj: object, msg?: string): void;
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

export interface CoreDeps {
  db: Kysely<Database>;
  logger: Logger;
  clock: Clock;
  /** Transactional e-mails (welcome, project complete, payment receipt and failure); absent in most tests. */
  email?: EmailNotifier | undefined;
  /** The SMTP server from the environment, used when the settings name none. */
  smtpFallback?: SmtpConfig | undefined;
  /** Pooled SMTP connections (absent: the process's shared pools). */
  smtpTransports?: SmtpTransports | undefined;
  /** Where a temporarily refused e-mail is handed to be tried again later (absent: it is logged as failed). */
  emailRetries?: EmailRetryQueue | undefined;
  /** Completion webhooks: the delivery queue and its rules (absent: no events are recorded). */
  webhooks?: WebhookSettings | undefined;
  /** The process's metrics: provider charges, returned credits, job outcomes (absent: nothing is counted). */
  metrics?: MetricsRecorder | undefined;
}

/** The durable queue's side of e-mail retries (the job runner implements it). */
export interface EmailRetryQueue {
  /** The first retry's delay; later ones double it (email-retry-policy.ts). */
  readonly baseDelaySeconds: number;
  retryEmailLater(logId: string, delaySeconds: number): Promise<void>;
}
