import { describe, expect, it } from 'vitest';
import {
  adminDisplayName,
  durationBetween,
  formatCount,
  formatDate,
  formatDateTime,
  formatDuration,
  formatMoney,
  formatPercent,
  formatRelative,
  formatShortDate,
  userDisplayName,
} from './format.ts';

const jan5 = new Date(2024, 0, 5, 15, 4);

describe('date formats', () => {
  it('uses the spec formats PP, PPp and MMM dd yyyy', () => {
    expect(formatDate(jan5)).toBe('Jan 5, 2024');
    expect(formatDateTime(jan5)).toBe('Jan 5, 2024, 3:04 PM');
    expect(formatShortDate(jan5)).toBe('Jan 05 2024');
  });

  it('reads ISO strings and shows a dash when missing or invalid', () => {
    expect(formatDate(new Date(2024, 0, 5).toISOString())).toBe('Jan 5, 2024');
    expect(formatDate(null)).toBe('-');
    expect(formatDateTime(undefined)).toBe('-');
    expect(formatShortDate('not a date')).toBe('-');
  });

  it('tells a relative time against the given now', () => {
    const now = new Date(2024, 0, 5, 16, 4);
    expect(formatRelative(jan5, now)).toBe('about 1 hour ago');
    expect(formatRelative(new Date(2024, 0, 2, 16, 4), now)).toBe('3 days ago');
    expect(formatRelative(null, now)).toBe('-');
  });
});

describe('numbers', () => {
  it('formats en-US money in USD by default', () => {
    expect(formatMoney(1234.5)).toBe('$1,234.50');
    expect(formatMoney(0)).toBe('$0.00');
    expect(formatMoney(10, 'eur')).toBe('€10.00');
  });

  it('formats counts and percentages', () => {
    expect(formatCount(12345)).toBe('12,345');
    expect(formatPercent(42.456)).toBe('42.5%');
    expect(formatPercent(100)).toBe('100%');
    expect(formatPercent(Number.NaN)).toBe('N/A');
  });
});

describe('display names', () => {
  it('joins first and last, or uses whichever exists', () => {
    expect(userDisplayName({ firstName: 'Ada', lastName: 'Lovelace' })).toBe('Ada Lovelace');
    expect(userDisplayName({ firstName: ' Ada ', lastName: null })).toBe('Ada');
    expect(userDisplayName({ firstName: '', lastName: 'Lovelace' })).toBe('Lovelace');
  });

  it('falls back to Unnamed User / Unnamed Admin', () => {
    expect(userDisplayName({ firstName: null, lastName: '  ' })).toBe('Unnamed User');
    expect(adminDisplayName({})).toBe('Unnamed Admin');
    expect(adminDisplayName({ firstName: 'Root' })).toBe('Root');
  });
});

describe('durations', () => {
  it('shows hours and minutes', () => {
    expect(formatDuration(0)).toBe('0h 0m');
    expect(formatDuration((2 * 60 + 15) * 60_000 + 59_000)).toBe('2h 15m');
    expect(formatDuration(-1)).toBe('-');
    expect(durationBetween('2024-01-05T10:00:00Z', '2024-01-05T12:30:00Z')).toBe('2h 30m');
    expect(durationBetween(null, '2024-01-05T12:30:00Z')).toBe('-');
  });
});
