import type { Kysely } from 'kysely';
import type { Database } from '@reelsmith/db';
import type { EmailNotifier } from './email/email-notifier.ts';
import type { SmtpConfig } from './email/smtp-config.ts';

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
}
