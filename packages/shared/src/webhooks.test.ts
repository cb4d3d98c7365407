import { describe, expect, it } from 'vitest';
import { createWebhookEndpointInputSchema, webhookMessages } from './webhooks.ts';

const refusal = (input: unknown) => {
  const parsed = createWebhookEndpointInputSchema.safeParse(input);
  return parsed.success ? null : parsed.error.issues[0]?.message;
};

describe('webhook endpoint input', () => {
  it('accepts an https URL and a plain description, trimmed', () => {
    const parsed = createWebhookEndpointInputSchema.parse({ url: ' https://hooks.example.com/reelsmith?x=1 ', description: ' Production 🚀 ' });
    expect(parsed).toEqual({ url: 'https://hooks.example.com/reelsmith?x=1', description: 'Production 🚀' });
  });

  it('refuses hostile URLs with a message saying what to fix', () => {
    expect(refusal({ url: 'ftp://example.com/x', description: 'd' })).toBe(webhookMessages.urlHttps);
    expect(refusal({ url: 'javascript:alert(1)', description: 'd' })).toBe(webhookMessages.urlHttps);
    expect(refusal({ url: 'https:///nohost', description: 'd' })).toBe(webhookMessages.urlInvalid);
    expect(refusal({ url: 'not a url', description: 'd' })).toBe(webhookMessages.urlInvalid);
    expect(refusal({ url: 'https://exa\u0000mple.com/', description: 'd' })).toBe(webhookMessages.urlInvalid);
    expect(refusal({ url: 'https://example.com/\u202e', description: 'd' })).toBe(webhookMessages.urlInvalid);
    expect(refusal({ url: 'https://user:pw@example.com/', description: 'd' })).toBe(webhookMessages.urlCredentials);
    expect(refusal({ url: 'https://example.com/#x', description: 'd' })).toBe(webhookMessages.urlFragment);
    expect(refusal({ url: `https://example.com/${'a'.repeat(10_000)}`, description: 'd' })).toBe(webhookMessages.urlTooLong);
    expect(refusal({ url: '', description: 'd' })).toBe(webhookMessages.urlRequired);
  });

  it('refuses hostile descriptions', () => {
    const url = 'https://example.com/hook';
    expect(refusal({ url, description: '   ' })).toBe(webhookMessages.descriptionRequired);
    expect(refusal({ url, description: 'x'.repeat(10_000) })).toBe(webhookMessages.descriptionTooLong);
    expect(refusal({ url, description: 'evil\u202Etxt.exe' })).toBe(webhookMessages.descriptionInvisible);
    expect(refusal({ url, description: 'bell\u0007' })).toBe(webhookMessages.descriptionInvisible);
    expect(refusal({ url, description: '<script>' })).toBe(webhookMessages.descriptionMarkup);
    expect(refusal({ url, description: 'ok', extra: 1 })).toBeTruthy();
  });
});
