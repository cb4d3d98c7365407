import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { asReason, reasonCodes, reasonForStatus, reasonOfIssues } from './reasons.ts';
import { AppError } from './errors.ts';
import { generateScenesInputSchema, generateVoiceoverInputSchema } from './generation.ts';

describe('reason codes', () => {
  it('are unique snake_case words', () => {
    expect(new Set(reasonCodes).size).toBe(reasonCodes.length);
    for (const code of reasonCodes) expect(code).toMatch(/^[a-z]+(?:_[a-z]+)*$/);
  });
  it('asReason keeps ours and drops anything else', () => {
    expect(asReason('quota')).toBe('quota');
    expect(asReason('QUOTA')).toBeUndefined();
    expect(asReason('__proto__')).toBeUndefined();
    expect(asReason(7)).toBeUndefined();
  });
  it('every status has its general reason', () => {
    expect([400, 401, 402, 403, 404, 409, 413, 415, 422, 429, 500, 502, 503, 504].map(reasonForStatus)).toEqual([
      'invalid_input', 'unauthorized', 'payment_required', 'forbidden', 'not_found', 'conflict', 'too_large', 'unsupported_media_type', 'unprocessable', 'rate_limited', 'internal', 'internal', 'unavailable', 'timeout',
    ]);
    expect(reasonForStatus(418)).toBe('invalid_input');
    expect(reasonForStatus(200)).toBeUndefined();
    expect(reasonForStatus(undefined)).toBeUndefined();
  });
});

describe('AppError', () => {
  it('carries the given reason, else its status\'s, and keeps the reason out of the details', () => {
    const refused = new AppError('PAYMENT_REQUIRED', 'Upgrade', { reason: 'free_limit', plan: 'Free' });
    expect(refused.reason).toBe('free_limit');
    expect(refused.details).toEqual({ plan: 'Free' });
    expect(new AppError('NOT_FOUND', 'gone').reason).toBe('not_found');
    expect(new AppError('NOT_FOUND', 'gone').details).toBeUndefined();
    expect(new AppError('INTERNAL_SERVER_ERROR', 'x').reason).toBe('internal');
  });
});

describe('reasonOfIssues: refused input, by field and kind', () => {
  function issues(schema: z.ZodType, value: unknown) {
    const result = schema.safeParse(value);
    if (result.success) throw new Error('expected a refusal');
    return result.error.issues;
  }
  it('the real schemas: speed (one for all, or per scene), script length', () => {
    expect(reasonOfIssues(issues(generateVoiceoverInputSchema, { id: 'p', voiceId: 'v', speed: 3 }))).toBe('invalid_speed');
    expect(reasonOfIssues(issues(generateVoiceoverInputSchema, { id: 'p', voiceId: 'v', sceneSpeedSettings: { s1: 0.2 } }))).toBe('invalid_speed');
    expect(reasonOfIssues(issues(generateScenesInputSchema, { id: 'p', script: 'x'.repeat(20_000), reelTime: 30 }))).toBe('script_too_long');
  });
  it('image and text sizes; anything else is invalid_input', () => {
    expect(reasonOfIssues([{ code: 'too_big', path: ['image'] }])).toBe('image_too_large');
    expect(reasonOfIssues([{ code: 'too_big', path: ['productImage'] }])).toBe('image_too_large');
    expect(reasonOfIssues([{ code: 'too_big', path: ['scenes', 2, 'text'] }])).toBe('text_too_long');
    expect(reasonOfIssues([{ code: 'too_small', path: ['image'] }])).toBe('invalid_input');
    expect(reasonOfIssues([{ code: 'invalid_type', path: ['script'] }])).toBe('invalid_input');
    expect(reasonOfIssues([])).toBe('invalid_input');
  });
});
