import { overviewRangeMessages } from '@reelsmith/shared';
import { describe, expect, it } from 'vitest';
import { rangeFromSearch, rangeToSearch, seriesInputOf, statsInputOf } from './overview-range-state.ts';

const today = '2026-11-27';
const parse = (query: string) => rangeFromSearch(new URLSearchParams(query), today);

describe('the Overview range in the address', () => {
  it('reads presets and custom ranges, and writes them back', () => {
    expect(parse('range=7d')).toEqual({ range: { preset: '7d' }, problem: null });
    expect(parse('')).toEqual({ range: { preset: '30d' }, problem: null });
    expect(parse('range=forever')).toEqual({ range: { preset: '30d' }, problem: null });
    expect(parse('from=2026-10-01&to=2026-10-31')).toEqual({ range: { from: '2026-10-01', to: '2026-10-31' }, problem: null });
    expect(rangeToSearch({ from: '2026-10-01', to: '2026-10-31' })).toEqual({ from: '2026-10-01', to: '2026-10-31' });
    expect(rangeToSearch({ preset: '90d' })).toEqual({ range: '90d' });
  });

  it('refuses a bad custom range with the rule and falls back to 30 days', () => {
    expect(parse('from=2026-10-31&to=2026-10-01')).toEqual({ range: { preset: '30d' }, problem: overviewRangeMessages.order });
    expect(parse('from=2026-11-01&to=2026-11-28')).toEqual({ range: { preset: '30d' }, problem: overviewRangeMessages.future });
    expect(parse('from=2026-11-01').problem).toBe(overviewRangeMessages.bothDates);
  });

  it('asks the cards by the spec timeRange where one matches, else by dates', () => {
    expect(statsInputOf({ preset: '7d' }, today)).toEqual({ timeRange: '7days' });
    expect(statsInputOf({ preset: '365d' }, today)).toEqual({ timeRange: '30days', from: '2025-11-28', to: today });
    expect(statsInputOf({ from: '2026-01-01', to: '2026-01-31' }, today)).toEqual({ timeRange: '30days', from: '2026-01-01', to: '2026-01-31' });
    expect(seriesInputOf({ preset: 'today' })).toEqual({ range: 'today' });
  });
});
