import { describe, expect, it } from 'vitest';
import { RunningJobs } from './running-jobs.ts';

const later = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('RunningJobs', () => {
  it('is settled at once with nothing running, and once the last handler ends', async () => {
    const running = new RunningJobs();
    expect(await running.settled(10)).toBe(true);
    const slow = running.track(() => later(80));
    const quick = running.track(() => later(10));
    expect(running.count).toBe(2);
    const started = Date.now();
    expect(await running.settled(5_000)).toBe(true);
    expect(Date.now() - started).toBeGreaterThanOrEqual(60);
    await Promise.all([slow, quick]);
    expect(running.count).toBe(0);
  });

  it('answers false when the grace period ends first, and counts a handler that threw as ended', async () => {
    const running = new RunningJobs();
    const stuck = running.track(() => later(300));
    expect(await running.settled(30)).toBe(false);
    await expect(running.track(() => Promise.reject(new Error('failed step')))).rejects.toThrow('failed step');
    await stuck;
    expect(running.count).toBe(0);
  });

  it('tells which attempt a generation holds, and null when it ended without claiming one', async () => {
    const running = new RunningJobs();
    let release: () => void = () => undefined;
    const holding = running.generation('job-a', async (_entry, onClaimed) => {
      onClaimed(3);
      await new Promise<void>((r) => (release = r));
    });
    const skipped = running.generation('job-b', async () => 'skipped');
    const [a] = [...running.generations];
    expect(a!.generationJobId).toBe('job-a');
    expect(await a!.claimed).toBe(3);
    expect(await skipped).toBe('skipped');
    expect([...running.generations].map((g) => g.generationJobId)).toEqual(['job-a']);
    release();
    await holding;
    expect(running.generations.size).toBe(0);
  });
});
