/**
 * What never reaches a log line: credentials, cookies, tokens, secrets. Applied to every line's object
 * and to every child logger's bindings (pino's `formatters`), at the top level and one level down,
 * which is what pino's `redact` paths `*.password`, `req.headers.cookie` and the like covered.
 *
 * Not pino's `redact` option: pino 10 redacts with @pinojs/redact, which parses every path again on
 * every call and runs once per top-level key of a line (the message included), about ten times the
 * cost of writing the line itself (docs/benchmarks.md). This checks a few own properties instead and
 * copies only an object that holds a secret, so a line without one costs no allocation.
 */

export const redactedText = '[redacted]';

/** Keys whose values are censored wherever they sit: at a line's top level or in any of its objects. */
export const secretKeys: readonly string[] = ['password', 'token', 'accessToken', 'idToken', 'secret', 'clientSecret', 'apiKey', 'smtpPassword', 'stripeSecretKey'];

/** Headers censored in any logged object's own `headers` (a request's or an answer's, or a provider call's). */
export const secretHeaders: readonly string[] = ['cookie', 'authorization', 'set-cookie', 'proxy-authorization', 'x-api-key'];

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const owns = (value: object, key: string) => Object.prototype.propertyIsEnumerable.call(value, key);
const put = (target: object, key: string, value: unknown) => Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });

function holdsSecret(value: Record<string, unknown>): boolean {
  for (const key of secretKeys) if (owns(value, key)) return true;
  const headers = owns(value, 'headers') ? value.headers : undefined;
  if (isObject(headers)) for (const name of secretHeaders) if (owns(headers, name)) return true;
  return false;
}

/** A copy of `value` (same prototype, every own property, an Error's message and stack included) with its secrets censored. */
function censoredCopy(value: Record<string, unknown>): Record<string, unknown> {
  const copy = Object.create(Object.getPrototypeOf(value) as object | null, Object.getOwnPropertyDescriptors(value)) as Record<string, unknown>;
  // V8 keeps an error's stack behind an accessor that answers only for the error itself.
  if (value instanceof Error) Object.defineProperty(copy, 'stack', { value: value.stack, enumerable: false, writable: true, configurable: true });
  for (const key of secretKeys) if (owns(value, key)) put(copy, key, redactedText);
  const headers = owns(value, 'headers') ? value.headers : undefined;
  if (isObject(headers) && secretHeaders.some((name) => owns(headers, name))) {
    const censored = { ...headers };
    for (const name of secretHeaders) if (owns(headers, name)) put(censored, name, redactedText);
    put(copy, 'headers', censored);
  }
  return copy;
}

/**
 * The line's object with its secrets censored: the object itself when it holds none, else a shallow
 * copy in which each top-level secret and each top-level object holding one is replaced.
 */
export function withoutSecrets(line: Record<string, unknown>): Record<string, unknown> {
  let out: Record<string, unknown> | undefined;
  for (const key in line) {
    if (!Object.prototype.hasOwnProperty.call(line, key)) continue;
    const value = line[key];
    let replacement: unknown = value;
    if (secretKeys.includes(key) && value !== undefined) replacement = redactedText;
    else if (isObject(value) && holdsSecret(value)) replacement = censoredCopy(value);
    if (replacement === value) continue;
    out ??= { ...line };
    // Defined, not assigned: a key named `__proto__` (JSON from outside) stays a property of its own.
    put(out, key, replacement);
  }
  return out ?? line;
}
