import { describe, expect, it } from 'vitest';
import { isReauthBody, messageFromErrorBody, reauthMessage, reauthPath } from './error-body.ts';

describe('messageFromErrorBody', () => {
  it('takes the error field first', () => {
    expect(messageFromErrorBody({ error: 'E', message: 'M', detail: 'D' }, 'raw', 'Bad Request')).toBe('E');
  });
  it('then the message field', () => {
    expect(messageFromErrorBody({ message: 'M', detail: 'D' }, 'raw', 'Bad Request')).toBe('M');
  });
  it('then the detail field', () => {
    expect(messageFromErrorBody({ detail: 'D' }, 'raw', 'Bad Request')).toBe('D');
  });
  it('ignores fields that are not strings or are blank', () => {
    expect(messageFromErrorBody({ error: { code: 1 }, message: 42, detail: 'D' }, 'raw', 'x')).toBe('D');
    expect(messageFromErrorBody({ error: '  ', message: 'M' }, 'raw', 'x')).toBe('M');
    expect(messageFromErrorBody({ error: null, message: true }, 'raw text', 'x')).toBe('raw text');
  });
  it('then the raw text', () => {
    expect(messageFromErrorBody('<html>Bad gateway</html>', '<html>Bad gateway</html>', 'Bad Gateway')).toBe(
      '<html>Bad gateway</html>',
    );
    expect(messageFromErrorBody({ ok: false }, '{"ok":false}', 'Bad Request')).toBe('{"ok":false}');
    expect(messageFromErrorBody(null, 'plain', 'Bad Request')).toBe('plain');
  });
  it('then the status text', () => {
    expect(messageFromErrorBody(null, '', 'Internal Server Error')).toBe('Internal Server Error');
    expect(messageFromErrorBody(undefined, '   ', 'Not Found')).toBe('Not Found');
  });
  it('never returns an empty message', () => {
    expect(messageFromErrorBody(null, '', '')).toBe('An error occurred. Please try again.');
  });
});

describe('isReauthBody', () => {
  it('is a 401 with requiresReauth true', () => {
    expect(isReauthBody(401, { requiresReauth: true })).toBe(true);
  });
  it('is not any other status', () => {
    expect(isReauthBody(403, { requiresReauth: true })).toBe(false);
    expect(isReauthBody(200, { requiresReauth: true })).toBe(false);
  });
  it('is not a 401 without the flag', () => {
    expect(isReauthBody(401, { error: 'Unauthorized' })).toBe(false);
    expect(isReauthBody(401, { requiresReauth: false })).toBe(false);
    expect(isReauthBody(401, { requiresReauth: 'true' })).toBe(false);
    expect(isReauthBody(401, null)).toBe(false);
    expect(isReauthBody(401, 'requiresReauth')).toBe(false);
  });
});

describe('reauthMessage', () => {
  it('uses the reason first', () => {
    expect(reauthMessage({ reason: 'Token revoked', message: 'M' })).toBe('Token revoked');
  });
  it('then the message', () => {
    expect(reauthMessage({ message: 'Please sign in' })).toBe('Please sign in');
    expect(reauthMessage({ reason: '', message: 'Please sign in' })).toBe('Please sign in');
  });
  it('else the fixed text', () => {
    expect(reauthMessage({ requiresReauth: true })).toBe('Session expired - please login again');
    expect(reauthMessage(null)).toBe('Session expired - please login again');
    expect(reauthMessage('text')).toBe('Session expired - please login again');
  });
  it('sends the browser to Google sign-in', () => {
    expect(reauthPath).toBe('/auth/google');
  });
});
