import { describe, expect, it } from 'vitest';
import { apiKeyMessages, apiKeyNameSchema, createApiKeyInputSchema } from './api-keys.ts';

const refusal = (value: unknown) => {
  const result = apiKeyNameSchema.safeParse(value);
  return result.success ? undefined : result.error.issues[0]?.message;
};

describe('API key names', () => {
  it('are trimmed and keep emoji, accents and ordinary punctuation', () => {
    expect(apiKeyNameSchema.parse('  Zapier (prod)  ')).toBe('Zapier (prod)');
    expect(apiKeyNameSchema.parse('🚀 Launch bot – Ünïcödé')).toBe('🚀 Launch bot – Ünïcödé');
    expect(apiKeyNameSchema.parse('👩‍💻 dev')).toBe('👩‍💻 dev'); // a zero-width joiner sequence
  });

  it('count characters, not UTF-16 units: 60 emoji fit, 61 do not', () => {
    expect(apiKeyNameSchema.parse('🎬'.repeat(60))).toBe('🎬'.repeat(60));
    expect(refusal('🎬'.repeat(61))).toBe(apiKeyMessages.nameTooLong);
    expect(refusal('x'.repeat(61))).toBe(apiKeyMessages.nameTooLong);
  });

  it.each([
    ['empty', '', apiKeyMessages.nameRequired],
    ['only spaces', '   \t ', apiKeyMessages.nameRequired],
    ['10 kB', 'a'.repeat(10_240), apiKeyMessages.nameTooLong],
    ['NUL', 'key\u0000name', apiKeyMessages.nameInvisible],
    ['a newline', 'key\nname', apiKeyMessages.nameInvisible],
    ['ESC', 'key\u001b[31mred', apiKeyMessages.nameInvisible],
    ['a right-to-left override', 'invoice\u202Etxt.exe', apiKeyMessages.nameInvisible],
    ['a direction isolate', 'a\u2067b', apiKeyMessages.nameInvisible],
    ['a zero-width space', 'a\u200Bb', apiKeyMessages.nameInvisible],
    ['a lone surrogate', 'a\uD800b', apiKeyMessages.nameInvisible],
    ['HTML', '<img src=x onerror=alert(1)>', apiKeyMessages.nameMarkup],
    ['not a string', 42, apiKeyMessages.nameRequired],
  ])('refuses %s with a clear message', (_label, value, message) => {
    expect(refusal(value)).toBe(message);
  });

  it('the create input has exactly one message per refusal', () => {
    const result = createApiKeyInputSchema.safeParse({ name: 'x'.repeat(10_240) });
    expect(result.success).toBe(false);
    expect(result.error?.issues).toHaveLength(1);
    expect(result.error?.issues[0]?.path).toEqual(['name']);
  });
});
