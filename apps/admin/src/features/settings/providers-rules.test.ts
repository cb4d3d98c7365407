import { describe, expect, it } from 'vitest';
import { capabilityRows, costQuantityLabel, outOfCreditAlerts, priceSourceLabel } from './providers-rules.ts';

describe('provider display rules', () => {
  it('lists the four capabilities in wizard order with the video audio limit', () => {
    const rows = capabilityRows({
      capabilities: {
        llm: { provider: 'openai', models: ['gpt-4.1-mini'] },
        tts: { provider: 'local', models: [] },
        image: { provider: 'replicate', models: ['google/imagen-4-ultra', 'black-forest-labs/flux-kontext-pro'] },
        video: { provider: 'replicate', models: ['bytedance/omni-human'], maxAudioSeconds: 15 },
      },
      costsLast30Days: [],
      creditsReturnedLast30Days: 0,
      outOfCredit: [],
    });
    expect(rows.map((r) => [r.capability, r.provider, r.models, r.note])).toEqual([
      ['Script & scene writing', 'openai', 'gpt-4.1-mini', null],
      ['Voiceover', 'local', '—', null],
      ['Avatar & product images', 'replicate', 'google/imagen-4-ultra, black-forest-labs/flux-kontext-pro', null],
      ['Talking video', 'replicate', 'bytedance/omni-human', 'Scenes up to 15 s of audio'],
    ]);
  });

  it('names usage in its unit, singular for one', () => {
    expect(costQuantityLabel({ unit: 'images', quantity: 1 })).toBe('1 image');
    expect(costQuantityLabel({ unit: 'seconds', quantity: 12.46 })).toBe('12.5 seconds');
    expect(costQuantityLabel({ unit: 'characters', quantity: 3200 })).toBe('3,200 characters');
  });

  it('alerts operators per provider out of credit, with the time and what to do', () => {
    const since = new Date(2026, 10, 24, 9, 30);
    const alerts = outOfCreditAlerts({ outOfCredit: [{ provider: 'replicate', since, lastSeenAt: since }, { provider: 'elevenlabs', since, lastSeenAt: null }] });
    expect(alerts.map((a) => a.title)).toEqual(['Replicate is out of credit', 'ElevenLabs is out of credit']);
    expect(alerts[0]!.message).toBe(
      'Replicate is out of credit since Nov 24, 2026, 9:30 AM: top up the account; customers see the insufficient-credits message. This clears when the next paid call to Replicate succeeds.',
    );
    expect(outOfCreditAlerts({ outOfCredit: [] })).toEqual([]);
  });

  it('names where each price came from', () => {
    expect(priceSourceLabel('default')).toBe('List price');
    expect(priceSourceLabel('env:REPLICATE_PRICES')).toBe('REPLICATE_PRICES');
    expect(priceSourceLabel('config')).toBe('Set in code');
    expect(priceSourceLabel('unrecorded')).toBe('Not recorded');
  });
});
