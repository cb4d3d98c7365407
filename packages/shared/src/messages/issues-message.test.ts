import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { describeIssues } from './issues-message.ts';

const issuesOf = (schema: z.ZodType, value: unknown) => {
  const parsed = schema.safeParse(value);
  if (parsed.success) throw new Error('expected a refusal');
  return parsed.error.issues;
};

describe('describeIssues', () => {
  it("answers a schema's own message as it is, without the field name (§8 shows the message alone)", () => {
    const schema = z.object({ interactionPrompt: z.string().min(1, { error: 'Please describe how the avatar holds the product.' }) });
    expect(describeIssues(issuesOf(schema, { interactionPrompt: '' }))).toBe('Please describe how the avatar holds the product.');
  });

  it("names the field before zod's own wording, which does not say which field it is", () => {
    const schema = z.object({ voiceId: z.string(), speed: z.number().max(1.2) });
    expect(describeIssues(issuesOf(schema, { speed: 3 }))).toBe('voiceId: Invalid input: expected string, received undefined; speed: Too big: expected number to be <=1.2');
  });

  it("answers a schema's message that starts as zod's do ('Invalid …') as it is, deep in a record too", () => {
    const speed = z.number().max(1.2, { error: 'Invalid Speed Setting: use 0.7x to 1.2x.' });
    const schema = z.object({ sceneSpeedSettings: z.record(z.string(), speed), id: z.uuid(), kind: z.enum(['a', 'b']) });
    expect(describeIssues(issuesOf(schema, { sceneSpeedSettings: { 'scene-1': 2 }, id: 'x', kind: 'c' }))).toBe(
      'Invalid Speed Setting: use 0.7x to 1.2x. id: Invalid UUID; kind: Invalid option: expected one of "a"|"b"',
    );
  });

  it('says a message shared by several fields once', () => {
    const missing = { error: 'Missing fields: email and password' };
    const schema = z.object({ email: z.string(missing), password: z.string(missing) });
    expect(describeIssues(issuesOf(schema, {}))).toBe('Missing fields: email and password');
  });

  it('lets sentences follow each other and separates fragments', () => {
    const schema = z.object({ supportEmail: z.email({ error: 'Support email must be a valid e-mail address.' }), sessionTimeout: z.number().min(300) });
    expect(describeIssues(issuesOf(schema, { supportEmail: 'x', sessionTimeout: 5 }))).toBe('Support email must be a valid e-mail address. sessionTimeout: Too small: expected number to be >=300');
  });

  it('keeps a top-level message as it is', () => {
    expect(describeIssues(issuesOf(z.string({ error: 'Send text.' }), 4))).toBe('Send text.');
  });
});
