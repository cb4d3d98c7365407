import { describe, expect, it } from 'vitest';
import { devSignInSchema, splitName } from './auth.ts';

describe('splitName', () => {
  it('splits at the first space', () => {
    expect(splitName('Ada  King Lovelace')).toEqual({ firstName: 'Ada', lastName: 'King Lovelace' });
  });
  it('keeps a single name as the first name', () => {
    expect(splitName('Ada')).toEqual({ firstName: 'Ada', lastName: null });
  });
  it('gives nothing for a blank name', () => {
    expect(splitName('   ')).toEqual({ firstName: null, lastName: null });
  });
});

describe('devSignInSchema', () => {
  it('normalises the e-mail', () => {
    expect(devSignInSchema.parse({ email: '  Ada@Example.COM ' }).email).toBe('ada@example.com');
  });
  it('refuses a malformed e-mail with a readable message', () => {
    const result = devSignInSchema.safeParse({ email: 'not-an-email' });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('Enter a valid e-mail address.');
  });
});
