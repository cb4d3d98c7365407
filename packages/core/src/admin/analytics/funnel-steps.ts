import { WIZARD_STEPS, percentOf, type ProjectFunnel } from '@reelsmith/shared';

export interface StepCount {
  /** 1..6 */
  step: number;
  count: number;
  uniqueUsers: number;
}

/**
 * Turns per-step counts (projects that reached each step) into the funnel: conversion from the
 * previous step and from the start as percents with one decimal, and the drop-off (projects lost
 * since the previous step; 0 for the first).
 */
export function buildProjectFunnel(counts: StepCount[]): ProjectFunnel {
  const byStep = new Map(counts.map((c) => [c.step, c]));
  const at = (step: number) => byStep.get(step) ?? { step, count: 0, uniqueUsers: 0 };
  const started = at(1).count;
  const steps = WIZARD_STEPS.map((name, i) => {
    const current = at(i + 1);
    const previous = i === 0 ? current : at(i);
    return {
      step: name,
      count: current.count,
      uniqueUsers: current.uniqueUsers,
      conversionFromPrevious: percentOf(current.count, previous.count),
      conversionFromStart: percentOf(current.count, started),
      dropOff: i === 0 ? 0 : previous.count - current.count,
    };
  });
  return { totalStarted: started, overallCompletion: percentOf(at(WIZARD_STEPS.length).count, started), steps };
}
