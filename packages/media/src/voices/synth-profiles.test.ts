import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { SYNTH_PROFILES, type EspeakProfile } from './synth-profiles.ts';

const run = promisify(execFile);

async function espeakDigest(voice: string, text: string): Promise<string> {
  const { stdout } = await run('espeak-ng', ['-v', voice, '--stdout', text], { encoding: 'buffer', timeout: 10_000 });
  return createHash('sha256').update(stdout).digest('hex');
}

const espeakProfiles = Object.entries(SYNTH_PROFILES).filter((e): e is [string, EspeakProfile] => e[1].engine === 'espeak-ng');

describe('synthesiser profiles against the installed engines', () => {
  // espeak-ng 1.51 silently ignores the variant for some voice names ('en-gb+f3', 'fr-fr+f3'); a
  // voice built on one would lose its gender and timbre without any error.
  it('applies every espeak-ng variant, in English and in each language of multilingual voices', async () => {
    const checks = espeakProfiles.flatMap(([id, p]) => [
      { id, voice: p.voice, variant: p.variant, text: 'Hello there, friend.' },
      ...Object.values(p.languages ?? {}).map((voice) => ({ id, voice, variant: p.variant, text: 'Bonjour, hola, hallo, ciao.' })),
    ]);
    const ignored: string[] = [];
    for (const check of checks) {
      const [plain, varied] = await Promise.all([espeakDigest(check.voice, check.text), espeakDigest(`${check.voice}+${check.variant}`, check.text)]);
      if (plain === varied) ignored.push(`${check.id}: ${check.voice}+${check.variant}`);
    }
    expect(ignored).toEqual([]);
  });

  it('uses only flite voices that are installed', async () => {
    const { stdout } = await run('flite', ['-lv'], { timeout: 10_000 });
    const installed = stdout.replace(/^.*:/, '').trim().split(/\s+/);
    for (const profile of Object.values(SYNTH_PROFILES)) {
      if (profile.engine === 'flite') expect(installed).toContain(profile.voice);
    }
  });

  it('keeps espeak-ng settings inside the ranges the engine accepts', () => {
    for (const [, p] of espeakProfiles) {
      expect(p.pitch).toBeGreaterThanOrEqual(0);
      expect(p.pitch).toBeLessThanOrEqual(99);
      // At speed 0.7 and 1.2 the rate stays inside espeak's 80-450 words per minute.
      expect(p.rate * 0.7).toBeGreaterThanOrEqual(80);
      expect(p.rate * 1.2).toBeLessThanOrEqual(450);
    }
  });
});
