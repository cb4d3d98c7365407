import { describe, expect, it } from 'vitest';
import { bucketForSpan, customRangeProblem, overviewRangeInputSchema, overviewRangeMessages, overviewRangeOf, parseIsoDate, resolveOverviewRange } from './overview-range.ts';

describe('customRangeProblem', () => {
  const today = '2026-11-27';
  it.each([
    ['2026-11-01', '2026-11-27', null],
    ['2026-11-27', '2026-11-27', null],
    ['2024-11-28', '2026-11-27', null],
    ['2024-11-26', '2026-11-27', overviewRangeMessages.tooLong],
    ['2026-11-10', '2026-11-01', overviewRangeMessages.order],
    ['2026-11-01', '2026-11-28', overviewRangeMessages.future],
    ['2026-02-30', '2026-03-01', overviewRangeMessages.badDate],
    ['yesterday', '2026-03-01', overviewRangeMessages.badDate],
  ])('%s → %s', (from, to, expected) => {
    expect(customRangeProblem(from, to, today)).toBe(expected);
  });
});

describe('overviewRangeInputSchema', () => {
  it('takes a preset, a custom range, or nothing (30 days)', () => {
    expect(overviewRangeOf(overviewRangeInputSchema.parse({ range: '7d' }))).toEqual({ preset: '7d' });
    expect(overviewRangeOf(overviewRangeInputSchema.parse({}))).toEqual({ preset: '30d' });
    expect(overviewRangeOf(overviewRangeInputSchema.parse({ range: '7d', from: '2026-01-01', to: '2026-01-31' }))).toEqual({ from: '2026-01-01', to: '2026-01-31' });
  });

  it.each([
    [{ from: '2026-01-01' }, overviewRangeMessages.bothDates],
    [{ from: '2026-02-01', to: '2026-01-01' }, overviewRangeMessages.order],
    [{ from: '2020-01-01', to: '2026-01-01' }, overviewRangeMessages.tooLong],
    [{ from: '<script>', to: '2026-01-01' }, overviewRangeMessages.badDate],
    [{ from: '2026-01-01\u0000', to: '2026-01-02' }, overviewRangeMessages.badDate],
    [{ from: 'x'.repeat(10_000), to: '2026-01-02' }, overviewRangeMessages.badDate],
  ])('refuses %j with a clear message', (input, message) => {
    const result = overviewRangeInputSchema.safeParse(input);
    expect(result.success).toBe(false);
    expect(result.error!.issues.map((i) => i.message)).toContain(message);
  });

  it('refuses an unknown preset', () => {
    expect(overviewRangeInputSchema.safeParse({ range: '1000d' }).success).toBe(false);
  });
});

describe('buckets and presets', () => {
  it('charts by day up to three months, by week up to a year, by month beyond', () => {
    expect(bucketForSpan(1)).toBe('day');
    expect(bucketForSpan(92)).toBe('day');
    expect(bucketForSpan(93)).toBe('week');
    expect(bucketForSpan(366)).toBe('week');
    expect(bucketForSpan(367)).toBe('month');
  });

  it('a preset ends today and counts today', () => {
    expect(resolveOverviewRange({ preset: '7d' }, '2026-03-02')).toEqual({ from: '2026-02-24', to: '2026-03-02' });
    expect(resolveOverviewRange({ preset: 'today' }, '2026-03-02')).toEqual({ from: '2026-03-02', to: '2026-03-02' });
  });

  it('parses only real dates', () => {
    expect(parseIsoDate('2024-02-29')?.toISOString()).toBe('2024-02-29T00:00:00.000Z');
    expect(parseIsoDate('2023-02-29')).toBeNull();
  });
});
