import { describe, expect, it } from 'vitest';
import { formatDate, formatMonthDay, formatMoney, formatPrice } from './format.ts';

describe('formatDate', () => {
  it('shows a short en-US date', () => {
    expect(formatDate(new Date(2026, 10, 22, 12))).toBe('Nov 22, 2026');
    expect(formatDate('2026-03-04T12:00:00.000Z')).toBe('Mar 4, 2026');
  });

  it('shows a dash for a missing or invalid date', () => {
    expect(formatDate(null)).toBe('—');
    expect(formatDate(undefined)).toBe('—');
    expect(formatDate('not a date')).toBe('—');
  });
});

describe('formatMonthDay', () => {
  it('shows the short month and day only', () => {
    expect(formatMonthDay(new Date(2026, 10, 22, 12))).toBe('Nov 22');
    expect(formatMonthDay(new Date(2026, 2, 4, 12))).toBe('Mar 4');
  });

  it('shows a dash for a missing or invalid date', () => {
    expect(formatMonthDay(null)).toBe('—');
    expect(formatMonthDay('not a date')).toBe('—');
  });
});

describe('formatMoney', () => {
  it('formats USD with two decimals and thousands separators', () => {
    expect(formatMoney(49)).toBe('$49.00');
    expect(formatMoney(470.4)).toBe('$470.40');
    expect(formatMoney(1234.5)).toBe('$1,234.50');
    expect(formatMoney(0)).toBe('$0.00');
  });

  it('accepts a lower-case currency code', () => {
    expect(formatMoney(10, 'usd')).toBe('$10.00');
    expect(formatMoney(10, 'EUR')).toBe('€10.00');
  });
});

describe('formatPrice', () => {
  it('drops the cents of whole amounts only', () => {
    expect(formatPrice(49)).toBe('$49');
    expect(formatPrice(0)).toBe('$0');
    expect(formatPrice(39.2)).toBe('$39.20');
    expect(formatPrice(1188)).toBe('$1,188');
  });
});
