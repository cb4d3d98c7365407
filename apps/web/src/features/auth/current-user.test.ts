import { describe, expect, it } from 'vitest';
import { displayName, formatMemberSince, initials } from './current-user.ts';

describe('current user helpers', () => {
  it('shows the full name, falling back to the e-mail', () => {
    expect(displayName({ firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com' })).toBe('Ada Lovelace');
    expect(displayName({ firstName: 'Ada', lastName: null, email: 'ada@example.com' })).toBe('Ada');
    expect(displayName({ firstName: null, lastName: null, email: 'ada@example.com' })).toBe('ada@example.com');
  });

  it('makes avatar initials', () => {
    expect(initials({ firstName: 'ada', lastName: 'Lovelace', email: 'x@example.com' })).toBe('AL');
    expect(initials({ firstName: null, lastName: null, email: 'zoe@example.com' })).toBe('Z');
  });

  it('formats the member-since date in en-US', () => {
    expect(formatMemberSince('2026-03-04T12:00:00.000Z')).toBe('March 4, 2026');
    expect(formatMemberSince('not a date')).toBe('—');
  });
});
