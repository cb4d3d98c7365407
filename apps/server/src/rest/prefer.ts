/**
 * Whether a request's Prefer header (RFC 7240) asks for `respond-async`. The header may come several
 * times and list several preferences, each a token with an optional value and parameters
 * (`Prefer: wait=10, respond-async`); tokens are case-insensitive.
 */
export function prefersRespondAsync(header: string | string[] | undefined): boolean {
  if (!header) return false;
  const values = Array.isArray(header) ? header : [header];
  return values.some((value) =>
    value
      .split(',')
      .map((preference) => preference.split(/[;=]/, 1)[0]!.trim().toLowerCase())
      .includes('respond-async'),
  );
}
