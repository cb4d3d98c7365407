// What an SMTP failure means for the one who must act on it: the operator (a set-up error), nobody yet
// (a temporary refusal, to try again), or the recipient's address (a bounce).

export type SmtpFailureKind = 'setup' | 'temporary' | 'rejected' | 'unknown';

export interface ClassifiedSmtpFailure {
  kind: SmtpFailureKind;
  /** The e-mail log's status: only a refused recipient or message is a bounce. */
  status: 'failed' | 'bounced';
  message: string;
}

interface NodemailerError {
  message?: string;
  code?: string;
  command?: string;
  responseCode?: number;
  response?: string;
}

const clip = (s: string) => s.replace(/\s+/g, ' ').trim().slice(0, 600);

/** Classifies a nodemailer error by its SMTP reply code, the command it answered, and its error code. */
export function classifySmtpFailure(err: unknown): ClassifiedSmtpFailure {
  const e = (err ?? {}) as NodemailerError;
  const said = clip(e.response || e.message || String(err));
  const code = e.responseCode;
  const command = (e.command ?? '').toUpperCase();
  const setup = (message: string): ClassifiedSmtpFailure => ({ kind: 'setup', status: 'failed', message: `${message} (${said})` });
  if (typeof code === 'number' && code >= 400 && code < 500) {
    return { kind: 'temporary', status: 'failed', message: `The SMTP server asked us to try again later (${said})` };
  }
  if (e.code === 'EAUTH' || code === 535 || code === 534 || code === 530) {
    return setup('The SMTP server refused our credentials: check the SMTP user and password');
  }
  if (e.code === 'ETLS' || /STARTTLS/i.test(e.message ?? '')) {
    return setup('The SMTP server does not offer STARTTLS, so nothing was sent and no password went out in clear: use implicit TLS (SMTP_SECURE=true) or, for a relay on this machine only, SMTP_REQUIRE_TLS=false');
  }
  if (typeof code === 'number' && code >= 500) {
    if (command.startsWith('MAIL')) return setup('The SMTP server refused the sender address: verify the sender (EMAIL_FROM or Email settings → From) or its domain with the mail service');
    if (/5\.7\.\d/.test(said) && !command.startsWith('RCPT')) return setup('The SMTP server refused the message by policy: check the sender verification and the account with the mail service');
    return { kind: 'rejected', status: 'bounced', message: `The SMTP server refused the message (${said})` };
  }
  if (/certificate|CERT_|self[- ]signed/i.test(`${e.message ?? ''} ${(e as { reason?: string }).reason ?? ''}`)) {
    return setup("The SMTP server's TLS certificate is not trusted: check the host name, or set SMTP_CA_FILE to the relay's CA certificate (PEM)");
  }
  if (e.code === 'ECONNECTION' || e.code === 'ESOCKET' || e.code === 'ETIMEDOUT' || e.code === 'EDNS') {
    return setup('Could not reach the SMTP server: check the host, the port and the TLS settings');
  }
  return { kind: 'unknown', status: 'failed', message: said };
}
