/** What a refused input's issues say, as zod reports them. */
export interface IssueText {
  path: readonly PropertyKey[];
  message: string;
}

/**
 * zod's own wording (its English locale), used where a schema gives no message of its own: it does not
 * say which field. Only zod's own phrases count: 'Invalid input: …', 'Invalid UUID', 'Too big: …'; a
 * schema's message that merely starts alike ('Invalid Speed Setting: use 0.7x to 1.2x.') is the spec's text.
 */
const zodWording =
  /^(Invalid (input|option|key|element|string|number)\b|Invalid (email address|URL|emoji|UUID|UUIDv\d|GUID|nanoid|cuid2?|ulid|xid|ksuid|ISO (datetime|date|time|duration)|IPv[46] (address|range)|base64(url)?-encoded string|JWT|template literal|E\.164 number|MAC address|hex string|hostname)$|Too (small|big)|Unrecognized key|Expected |Required$)/;

/**
 * The message of a refused input. A message the schema words itself is the spec's text (§8: 'Missing
 * fields: …', 'Please describe…') and is answered as it is; zod's own wording ('Invalid input: expected
 * string, received undefined') names no field, so the field's path goes before it. Repeats are said once.
 */
export function describeIssues(issues: readonly IssueText[]): string {
  const parts = issues.map((issue) => (issue.path.length > 0 && zodWording.test(issue.message) ? `${issue.path.map(String).join('.')}: ${issue.message}` : issue.message));
  // Sentences follow each other; zod's fragments are separated.
  return [...new Set(parts)].reduce((text, part) => (text === '' ? part : `${text}${/[.!?]$/.test(text) ? ' ' : '; '}${part}`), '');
}
