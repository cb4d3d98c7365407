import type { SystemSettings } from '@reelsmith/shared';

type EmailSettings = SystemSettings['email'];

/** Where and how to deliver: from the settings store, else from the environment. */
export interface SmtpConfig {
  host: string;
  port: number;
  /** Implicit TLS (SMTP_SECURE; by default on port 465 only). */
  secure: boolean;
  user: string | undefined;
  password: string | undefined;
  /** The sender; required: mail services refuse senders they have not verified, and there is no safe guess. */
  from: string;
  /** Without implicit TLS, refuse to go on (and to send a password) unless the server offers STARTTLS. */
  requireTls?: boolean;
  /** The name we give in EHLO (Google Workspace's relay refuses a host name without a dot). */
  ehloName?: string | undefined;
  /** PEM certificates to trust for a relay with its own CA. */
  ca?: string | undefined;
}

export type SmtpResolution = { state: 'ready'; config: SmtpConfig; source: 'settings' | 'environment' } | { state: 'disabled' | 'unconfigured' };

export const smtpNotConfiguredMessage = 'SMTP is not configured';
export const emailDisabledMessage = 'E-mail sending is disabled';
export const senderMissingMessage = 'Set the sender address (EMAIL_FROM or Email settings → From): mail services refuse unknown senders';

const loopbackHosts = new Set(['localhost', '127.0.0.1', '::1', '[::1]']);

/** STARTTLS is required unless the relay is on this machine (nothing crosses a network in clear). */
export function requireTlsByDefault(host: string): boolean {
  return !loopbackHosts.has(host.toLowerCase());
}

/**
 * The settings' SMTP server wins when it has a host, and its emailEnabled switch governs it; an SMTP
 * server from the environment is the deployment's own default and always sends (docs/decisions.md).
 */
export function resolveSmtp(settings: EmailSettings, environment: SmtpConfig | undefined): SmtpResolution {
  if (settings.smtpHost) {
    if (!settings.emailEnabled) return { state: 'disabled' };
    return {
      state: 'ready',
      source: 'settings',
      config: {
        host: settings.smtpHost,
        port: settings.smtpPort,
        secure: settings.smtpPort === 465,
        user: settings.smtpUser || undefined,
        password: settings.smtpPassword || undefined,
        from: settings.emailFrom || environment?.from || '',
        requireTls: requireTlsByDefault(settings.smtpHost),
        ehloName: environment?.ehloName,
        ca: environment?.ca,
      },
    };
  }
  if (environment) return { state: 'ready', source: 'environment', config: { ...environment, from: environment.from || settings.emailFrom || '' } };
  return { state: 'unconfigured' };
}
