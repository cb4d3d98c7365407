import { describe, expect, it } from 'vitest';
import { classifySmtpFailure } from './smtp-replies.ts';

// Shapes as nodemailer reports them (responseCode, command, code) for the replies real services send.
describe('classifySmtpFailure', () => {
  it.each([
    ['535 authentication failed', { code: 'EAUTH', command: 'AUTH PLAIN', responseCode: 535, response: '535 5.7.8 Authentication credentials invalid' }, 'setup', 'failed'],
    ['554 unverified sender (SES)', { code: 'EENVELOPE', command: 'MAIL FROM', responseCode: 554, response: '554 Message rejected: Email address is not verified.' }, 'setup', 'failed'],
    ['550 sender not allowed on MAIL FROM', { code: 'EENVELOPE', command: 'MAIL FROM', responseCode: 550, response: '550 5.7.1 Sender not authorized' }, 'setup', 'failed'],
    ['no STARTTLS with requireTLS', { code: 'ETLS', command: 'CONN', message: 'Server does not support STARTTLS' }, 'setup', 'failed'],
    ['untrusted certificate', { code: 'ESOCKET', command: 'CONN', message: 'self-signed certificate', reason: 'self-signed certificate' }, 'setup', 'failed'],
    ['connection refused', { code: 'ESOCKET', command: 'CONN', message: 'connect ECONNREFUSED 127.0.0.1:25' }, 'setup', 'failed'],
    ['421 throttled', { code: 'EENVELOPE', command: 'MAIL FROM', responseCode: 421, response: '421 4.7.0 Try again later, closing connection.' }, 'temporary', 'failed'],
    ['454 temporary TLS/auth failure', { code: 'EAUTH', command: 'AUTH PLAIN', responseCode: 454, response: '454 4.7.0 Temporary authentication failure' }, 'temporary', 'failed'],
    ['451 greylisted', { code: 'EENVELOPE', command: 'RCPT TO', responseCode: 451, response: '451 4.7.1 Greylisted, try again' }, 'temporary', 'failed'],
    ['550 no such mailbox', { code: 'EENVELOPE', command: 'RCPT TO', responseCode: 550, response: '550 5.1.1 User unknown' }, 'rejected', 'bounced'],
    ['554 message rejected as spam after DATA', { code: 'EMESSAGE', command: 'DATA', responseCode: 554, response: '554 5.6.0 Message rejected' }, 'rejected', 'bounced'],
  ])('%s', (_name, err, kind, status) => {
    const got = classifySmtpFailure(err);
    expect(got).toMatchObject({ kind, status });
    expect(got.message.length).toBeGreaterThan(10);
  });

  it('names SMTP_CA_FILE when the certificate is not trusted', () => {
    expect(classifySmtpFailure({ code: 'ESOCKET', message: 'unable to verify the first certificate' }).message).toContain('SMTP_CA_FILE');
  });

  it("quotes the server's words, never more than a line's worth", () => {
    const got = classifySmtpFailure({ responseCode: 550, command: 'RCPT TO', response: `550 ${'x'.repeat(5000)}` });
    expect(got.message.length).toBeLessThan(700);
  });
});
