import type { SystemSettings } from '@reelsmith/shared';

type EmailSettings = SystemSettings['email'];

/** Where and how to deliver: from the settings store, else from the environment. */
export interface SmtpConfig {
  host: string;
  port: number;
  /** Implicit TLS (port 465); otherwise STARTTLS is used when the server offers it. */
  secure: boolean;
  user: string | undefined;
  password: string | undefined;
  from: string;
}

export type SmtpResolution = { state: 'ready'; config: SmtpConfig; source: 'settings' | 'environment' } | { state: 'disabled' | 'unconfigured' };

export const smtpNotConfiguredMessage = 'SMTP is not configured';
export const emailDisabledMessage = 'E-mail sending is disabled';

const defaultFrom = (host: string) => `Reelsmith <no-reply@${host.includes('.') ? host : 'localhost'}>`;

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
        from: settings.emailFrom || environment?.from || defaultFrom(settings.smtpHost),
      },
    };
  }
  if (environment) return { state: 'ready', source: 'environment', config: { ...environment, from: environment.from || settings.emailFrom || defaultFrom(environment.host) } };
  return { state: 'unconfigured' };
}
