import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '@reelsmith/shared';
import { refuseRequest } from './request-refusal.ts';

// PostgreSQL refuses U+0000 in text and jsonb (and lone surrogates in jsonb), which made every write of
// such a string a 500. No field of ours has a use for control characters other than tab, line feed and
// carriage return, so every request is checked once here, before any route: body, query and path.

export const controlCharacterMessage =
  'Text may not contain control characters such as NUL (only tab and line breaks are allowed). Remove them and try again.';

/** C0 controls other than tab, LF and CR; DEL; a surrogate half without its partner (not text, and jsonb refuses it). */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const forbiddenCharacter = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

export function hasForbiddenCharacters(value: string): boolean {
  return forbiddenCharacter.test(value);
}

/** Parsed containers (query parsers use prototype-less objects); not raw bodies such as buffers or streams. */
function isParsedContainer(value: object): boolean {
  if (Array.isArray(value)) return true;
  if (ArrayBuffer.isView(value) || value instanceof ArrayBuffer) return false;
  return typeof (value as { pipe?: unknown }).pipe !== 'function' && typeof (value as { getReader?: unknown }).getReader !== 'function';
}

/**
 * A JSON text as the browser sent it (tRPC keeps bodies and the `input` parameter unparsed): JSON
 * writes control characters and lone surrogates as escapes (\u0000, \b, \f), so it is only parsed when
 * it holds one of those.
 */
function jsonTextHasForbidden(text: string): boolean {
  if (!/\\[ubf]/.test(text)) return false;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return false; // not JSON: the route answers its own parse error
  }
  return valueHasForbidden(parsed, false);
}

/** Walks a parsed value without recursion (a deeply nested body must not overflow the stack). */
function valueHasForbidden(root: unknown, stringsMayBeJson: boolean): boolean {
  const stack: unknown[] = [root];
  while (stack.length > 0) {
    const value = stack.pop();
    if (typeof value === 'string') {
      if (hasForbiddenCharacters(value)) return true;
      if (stringsMayBeJson && jsonTextHasForbidden(value)) return true;
    } else if (value !== null && typeof value === 'object' && isParsedContainer(value)) {
      for (const [key, item] of Object.entries(value)) {
        if (hasForbiddenCharacters(key)) return true;
        stack.push(item);
      }
    }
    // Buffers (the Stripe webhook's raw body), streams and numbers are not text fields.
  }
  return false;
}

/** Whether any string of the request's path parameters, query or body holds a forbidden character. */
export function requestHasForbiddenCharacters(req: FastifyRequest): boolean {
  const isTrpc = req.routeOptions.url?.startsWith('/trpc/') ?? false;
  return (
    valueHasForbidden(req.params, false) ||
    // tRPC's GET `input` parameter and its POST body are JSON texts.
    valueHasForbidden(req.query, isTrpc) ||
    valueHasForbidden(req.body, isTrpc)
  );
}

/** Refuses, with one message, every request that carries a control character in any string. */
export function registerInputGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (req, reply) => {
    if (requestHasForbiddenCharacters(req)) return refuseRequest(req, reply, new AppError('BAD_REQUEST', controlCharacterMessage));
    return undefined;
  });
}
