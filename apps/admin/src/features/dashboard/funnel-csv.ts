import type { ProjectFunnel, SignupFunnel } from '@reelsmith/shared';
import { toCsv } from '../../lib/csv.ts';

// The dashboard's two CSV exports (spec §2): the same numbers as the screen, one row per step.

type FunnelStep = ProjectFunnel['steps'][number];

export function projectFunnelCsv(funnel: ProjectFunnel): string {
  return toCsv<FunnelStep>(funnel.steps, [
    { header: 'Step', value: (step) => step.step },
    { header: 'Count', value: (step) => step.count },
    { header: 'Unique Users', value: (step) => step.uniqueUsers },
    { header: 'Conversion From Previous (%)', value: (step) => step.conversionFromPrevious },
    { header: 'Conversion From Start (%)', value: (step) => step.conversionFromStart },
    { header: 'Drop-off', value: (step) => step.dropOff },
  ]);
}

export function signupFunnelCsv(funnel: SignupFunnel): string {
  return toCsv<SignupFunnel>(
    [funnel],
    [
      { header: 'Signups', value: (row) => row.signups },
      { header: 'Subscriptions', value: (row) => row.subscriptions },
      { header: 'Conversion Rate (%)', value: (row) => row.conversionRate },
      { header: 'Median Time To Convert (hours)', value: (row) => row.medianTimeToConvert ?? '' },
    ],
  );
}

/** 'project-funnel-3months-2026-11-22.csv'. */
export function funnelFileName(kind: 'project-funnel' | 'signup-funnel', range: string, today: Date = new Date()): string {
  const day = `${today.getFullYear()}-${String(today.getMonth() + 1).padStart(2, '0')}-${String(today.getDate()).padStart(2, '0')}`;
  return `${kind}-${range}-${day}.csv`;
}

/** '5.5 hours' or, from two days on, '3.2 days'; null (nobody converted) is 'N/A'. */
export function formatHoursToConvert(hours: number | null): string {
  if (hours === null || !Number.isFinite(hours)) return 'N/A';
  if (hours >= 48) return `${Math.round((hours / 24) * 10) / 10} days`;
  const rounded = Math.round(hours * 10) / 10;
  return `${rounded} ${rounded === 1 ? 'hour' : 'hours'}`;
}
