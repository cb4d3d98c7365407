import type { ProjectFunnel } from '@reelsmith/shared';
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { formatHoursToConvert, funnelFileName, projectFunnelCsv, signupFunnelCsv } from './funnel-csv.ts';

const funnel = {
  totalStarted: 10,
  overallCompletion: 20,
  steps: [
    { step: 'Script & Scenes', count: 10, uniqueUsers: 6, conversionFromPrevious: 100, conversionFromStart: 100, dropOff: 0 },
    { step: 'Voiceover', count: 7, uniqueUsers: 5, conversionFromPrevious: 70, conversionFromStart: 70, dropOff: 3 },
  ],
} as ProjectFunnel;

describe('projectFunnelCsv', () => {
  it('writes the header and one row per step', () => {
    const lines = projectFunnelCsv(funnel).split('\r\n');
    expect(lines[0]).toBe('Step,Count,Unique Users,Conversion From Previous (%),Conversion From Start (%),Drop-off');
    expect(lines[1]).toBe('Script & Scenes,10,6,100,100,0');
    expect(lines[2]).toBe('Voiceover,7,5,70,70,3');
  });

  it('quotes a step name holding a comma and a quote', () => {
    const odd = { ...funnel, steps: [{ ...funnel.steps[0]!, step: 'Avatar, "Pro"' }] } as unknown as ProjectFunnel;
    const csv = projectFunnelCsv(odd);
    expect(csv.split('\r\n')[1]).toBe('"Avatar, ""Pro""",10,6,100,100,0');
    expect(Papa.parse<string[]>(csv).data[1]?.[0]).toBe('Avatar, "Pro"');
  });
});

describe('signupFunnelCsv', () => {
  it('writes the four numbers; no median is an empty cell', () => {
    expect(signupFunnelCsv({ signups: 40, subscriptions: 6, conversionRate: 15, medianTimeToConvert: 26.5 })).toBe(
      'Signups,Subscriptions,Conversion Rate (%),Median Time To Convert (hours)\r\n40,6,15,26.5',
    );
    expect(signupFunnelCsv({ signups: 0, subscriptions: 0, conversionRate: 0, medianTimeToConvert: null }).endsWith('0,0,0,')).toBe(true);
  });
});

describe('funnelFileName and formatHoursToConvert', () => {
  it('names the file after the funnel, range and day', () => {
    expect(funnelFileName('project-funnel', '3months', new Date(2026, 10, 2))).toBe('project-funnel-3months-2026-11-02.csv');
  });

  it('shows hours, days from two days on, N/A without conversions', () => {
    expect(formatHoursToConvert(5.55)).toBe('5.6 hours');
    expect(formatHoursToConvert(1)).toBe('1 hour');
    expect(formatHoursToConvert(72)).toBe('3 days');
    expect(formatHoursToConvert(null)).toBe('N/A');
  });
});
