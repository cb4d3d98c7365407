// Every URL we fetch on someone else's word (a provider's output link, a redirect it answers) passes
// here: http(s) only, every address the name resolves to must be public, every redirect hop is
// checked again, and the connection goes to the very addresses that were checked (no second DNS
// answer between the check and the connect, so DNS rebinding cannot slip a private address in).
// Plain node:http rather than fetch: its `lookup` hook pins the connection without a dependency.
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP } from 'node:net';
import { Readable } from 'node:stream';

export type RefusedRange =
  | 'unspecified'
  | 'loopback'
  | 'private'
  | 'link-local'
  | 'carrier-grade-nat'
  | 'multicast'
  | 'broadcast'
  | 'documentation'
  | 'reserved';

export type OutboundRefusal = RefusedRange | 'scheme' | 'credentials' | 'invalid-url' | 'too-many-redirects' | 'unresolved';

export class OutboundRefusedError extends Error {
  override name = 'OutboundRefusedError';
  readonly reason: OutboundRefusal;
  /** The URL of the hop that was refused (without credentials). */
  readonly url: string;
  readonly detail: string;

  constructor(reason: OutboundRefusal, url: string, detail: string) {
    super(`outbound request refused (${reason}): ${detail}`);
    this.reason = reason;
    this.url = url;
    this.detail = detail;
  }
}

export interface OutboundPolicy {
  /**
   * Hosts fetched although they resolve to a refused address, as 'host' (any port) or 'host:port'
   * ('127.0.0.1:41234', '[::1]:8080'). Meant for the loopback fakes of tests and the bench; empty in
   * production (OUTBOUND_ALLOW_HOSTS).
   */
  allowHosts: readonly string[];
  /** Redirects followed before giving up (each hop checked). Default 5. */
  maxRedirects?: number | undefined;
}

export const DEFAULT_OUTBOUND_POLICY: OutboundPolicy = { allowHosts: [], maxRedirects: 5 };

/** dns.lookup's shape with { all: true }; injectable so tests can answer for made-up names. */
export type Resolver = (hostname: string) => Promise<LookupAddress[]>;

export const systemResolver: Resolver = (hostname) =>
  new Promise((resolve, reject) => dnsLookup(hostname, { all: true, verbatim: true }, (err, addresses) => (err ? reject(err) : resolve(addresses))));

// ——— Addresses ———

function parseIPv4(text: string): number[] | null {
  if (isIP(text) !== 4) return null;
  return text.split('.').map(Number);
}

function parseIPv6(text: string): number[] | null {
  const bare = text.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  if (isIP(bare) !== 6) return null;
  let head = bare;
  const tailBytes: number[] = [];
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(bare);
  if (dotted) {
    tailBytes.push(...parseIPv4(dotted[1]!)!);
    head = bare.slice(0, -dotted[1]!.length);
    if (head.endsWith(':') && !head.endsWith('::')) head = head.slice(0, -1);
  }
  const groupsFor = (part: string) => (part === '' ? [] : part.split(':').map((g) => parseInt(g, 16)));
  const [left, right] = head.includes('::') ? head.split('::') : [head, undefined];
  const leftGroups = groupsFor(left ?? '');
  const rightGroups = right === undefined ? [] : groupsFor(right);
  const missing = 8 - tailBytes.length / 2 - leftGroups.length - rightGroups.length;
  const groups = [...leftGroups, ...Array<number>(right === undefined ? 0 : missing).fill(0), ...rightGroups];
  const bytes = groups.flatMap((g) => [g >> 8, g & 0xff]).concat(tailBytes);
  return bytes.length === 16 ? bytes : null;
}

const inV4 = (b: number[], net: [number, number, number, number], bits: number) => {
  const value = (x: number[]) => ((x[0]! << 24) | (x[1]! << 16) | (x[2]! << 8) | x[3]!) >>> 0;
  const mask = bits === 0 ? 0 : (~0 << (32 - bits)) >>> 0;
  return (value(b) & mask) >>> 0 === (value(net) & mask) >>> 0;
};

const V4_RANGES: readonly [[number, number, number, number], number, RefusedRange][] = [
  [[0, 0, 0, 0], 8, 'unspecified'], // "this network"; 0.0.0.0 reaches the local host on Linux
  [[10, 0, 0, 0], 8, 'private'],
  [[100, 64, 0, 0], 10, 'carrier-grade-nat'],
  [[127, 0, 0, 0], 8, 'loopback'],
  [[169, 254, 0, 0], 16, 'link-local'], // 169.254.169.254: cloud metadata
  [[172, 16, 0, 0], 12, 'private'],
  [[192, 0, 0, 0], 24, 'reserved'],
  [[192, 0, 2, 0], 24, 'documentation'],
  [[192, 88, 99, 0], 24, 'reserved'],
  [[192, 168, 0, 0], 16, 'private'],
  [[198, 18, 0, 0], 15, 'reserved'], // benchmarking
  [[198, 51, 100, 0], 24, 'documentation'],
  [[203, 0, 113, 0], 24, 'documentation'],
  [[224, 0, 0, 0], 4, 'multicast'],
  [[255, 255, 255, 255], 32, 'broadcast'],
  [[240, 0, 0, 0], 4, 'reserved'],
];

function classifyV4(b: number[]): RefusedRange | null {
  for (const [net, bits, range] of V4_RANGES) if (inV4(b, net, bits)) return range;
  return null;
}

function classifyV6(b: number[]): RefusedRange | null {
  const zero = (from: number, to: number) => b.slice(from, to).every((x) => x === 0);
  const v4 = b.slice(12);
  if (zero(0, 16)) return 'unspecified';
  if (zero(0, 15) && b[15] === 1) return 'loopback';
  // IPv4-mapped (::ffff:a.b.c.d), IPv4-translated (::ffff:0:a.b.c.d) and IPv4-compatible (::a.b.c.d):
  // judged as the IPv4 address inside; the last two are obsolete, so refused even when that is public.
  if (zero(0, 10) && b[10] === 0xff && b[11] === 0xff) return classifyV4(v4);
  if (zero(0, 8) && b[8] === 0xff && b[9] === 0xff && zero(10, 12)) return classifyV4(v4) ?? 'reserved';
  if (zero(0, 12)) return classifyV4(v4) ?? 'reserved';
  // NAT64 (64:ff9b::/96) reaches the IPv4 address inside; its local-use /48 is private.
  if (b[0] === 0 && b[1] === 0x64 && b[2] === 0xff && b[3] === 0x9b) return zero(4, 12) ? classifyV4(v4) : b[4] === 0 && b[5] === 1 ? 'private' : 'reserved';
  if (b[0] === 0x20 && b[1] === 0x02) return classifyV4(b.slice(2, 6)); // 6to4 carries an IPv4 address
  if (b[0] === 0x20 && b[1] === 0x01 && b[2] === 0 && b[3] === 0) return 'reserved'; // Teredo hides the address
  if (b[0] === 0x20 && b[1] === 0x01 && b[2] === 0x0d && b[3] === 0xb8) return 'documentation';
  if ((b[0]! & 0xfe) === 0xfc) return 'private'; // fc00::/7 unique local (AWS metadata fd00:ec2::254 too)
  if (b[0] === 0xfe && (b[1]! & 0xc0) === 0x80) return 'link-local'; // fe80::/10
  if (b[0] === 0xfe && (b[1]! & 0xc0) === 0xc0) return 'private'; // fec0::/10 site-local (obsolete)
  if (b[0] === 0xff) return 'multicast';
  if ((b[0]! & 0xe0) !== 0x20) return 'reserved'; // outside 2000::/3, the only global unicast block
  return null;
}

/**
 * Why an address (IPv4 or IPv6 text, as dns.lookup answers it) must not be fetched, or null when it
 * is public. Throws on text that is not an IP address.
 */
export function classifyAddress(address: string): RefusedRange | null {
  const v4 = parseIPv4(address);
  if (v4) return classifyV4(v4);
  const v6 = parseIPv6(address);
  if (v6) return classifyV6(v6);
  throw new TypeError(`not an IP address: ${address}`);
}

/**
 * A URL host as the URL parser reads it (so 0x7f.1, 2130706433 and 127.1 are all 127.0.0.1, and
 * [::ffff:127.0.0.1] is ::ffff:7f00:1): its refused range, null when public, or 'name' when only DNS
 * can tell.
 */
export function classifyHost(host: string): RefusedRange | null | 'name' {
  let hostname: string;
  try {
    hostname = new URL(`http://${host.includes(':') && !host.startsWith('[') ? `[${host}]` : host}/`).hostname;
  } catch {
    throw new TypeError(`not a host: ${host}`);
  }
  const bare = hostname.replace(/^\[|\]$/g, '');
  return isIP(bare) ? classifyAddress(bare) : 'name';
}

// ——— The allow-list ———

interface HostPort {
  hostname: string;
  port: string | null;
}

/** 'host' or 'host:port' as the URL parser would normalise it; throws on anything else. */
export function parseAllowedHost(entry: string): HostPort {
  const text = entry.trim();
  let url: URL;
  try {
    url = new URL(`http://${text}`);
  } catch {
    throw new TypeError(`not a host or host:port: '${entry}'`);
  }
  if (url.pathname !== '/' || url.search || url.hash || url.username || url.password || !url.hostname) throw new TypeError(`not a host or host:port: '${entry}'`);
  const explicitPort = /:\d+$/.test(text) && !/^\[[^\]]*\]$/.test(text);
  return { hostname: url.hostname, port: explicitPort ? url.port || '80' : null };
}

const effectivePort = (url: URL) => url.port || (url.protocol === 'https:' ? '443' : '80');

function isAllowListed(url: URL, policy: OutboundPolicy): boolean {
  return policy.allowHosts.some((entry) => {
    const allowed = parseAllowedHost(entry);
    return allowed.hostname === url.hostname && (allowed.port === null || allowed.port === effectivePort(url));
  });
}

// ——— Fetching ———

const redacted = (url: URL) => `${url.protocol}//${url.host}${url.pathname}`;

/** The addresses a hop may connect to: checked (unless allow-listed) and then pinned. */
export async function checkTarget(url: URL, policy: OutboundPolicy, resolve: Resolver = systemResolver): Promise<LookupAddress[]> {
  const shown = redacted(url);
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new OutboundRefusedError('scheme', shown, `scheme ${url.protocol} is not http or https`);
  if (url.username || url.password) throw new OutboundRefusedError('credentials', shown, 'URL carries credentials');
  const allowed = isAllowListed(url, policy);
  const bare = url.hostname.replace(/^\[|\]$/g, '');
  const family = isIP(bare);
  // A failed lookup (ENOTFOUND, EAI_AGAIN) is thrown as it is: a network failure, which may pass on a retry.
  const addresses: LookupAddress[] = family ? [{ address: bare, family }] : await resolve(bare);
  if (addresses.length === 0) throw new OutboundRefusedError('unresolved', shown, `${bare} has no address`);
  if (!allowed) {
    for (const { address } of addresses) {
      const range = classifyAddress(address);
      if (range) throw new OutboundRefusedError(range, shown, `${bare} resolves to ${address} (${range})`);
    }
  }
  return addresses;
}

export interface GuardedFetchOptions {
  policy: OutboundPolicy;
  signal?: AbortSignal | undefined;
  headers?: Record<string, string> | undefined;
  resolve?: Resolver | undefined;
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);
const NULL_BODY = new Set([204, 205, 304]);

function requestOnce(url: URL, addresses: LookupAddress[], options: GuardedFetchOptions, headers: Record<string, string>, body?: string): Promise<IncomingMessage> {
  return new Promise((resolve, reject) => {
    // The socket connects to the checked addresses only: net.connect asks this instead of DNS.
    const lookup = (_hostname: string, lookupOptions: { all?: boolean }, callback: (...args: unknown[]) => void) => {
      if (lookupOptions.all) callback(null, addresses);
      else callback(null, addresses[0]!.address, addresses[0]!.family);
    };
    const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
    const request = send(url, { method: body === undefined ? 'GET' : 'POST', headers, lookup: lookup as never, agent: false, signal: options.signal });
    request.once('response', resolve);
    request.once('error', reject);
    request.end(body);
  });
}

function toResponse(message: IncomingMessage): Response {
  const status = message.statusCode ?? 0;
  if (status < 200 || status > 599) {
    message.destroy();
    throw new Error(`outbound answer has HTTP status ${status}`);
  }
  const headers = new Headers();
  for (const [name, value] of Object.entries(message.headers)) {
    if (Array.isArray(value)) for (const v of value) headers.append(name, v);
    else if (value !== undefined) headers.set(name, value);
  }
  if (NULL_BODY.has(status)) {
    message.resume();
    return new Response(null, { status, statusText: message.statusMessage ?? '', headers });
  }
  return new Response(Readable.toWeb(message) as ReadableStream<Uint8Array>, { status, statusText: message.statusMessage ?? '', headers });
}

/**
 * GET a URL someone else gave us, as a fetch Response: every hop's scheme and addresses checked
 * (OutboundRefusedError), redirects followed by hand up to the policy's limit, and the connection
 * pinned to the checked addresses. Request headers are sent to the first origin only.
 */
export async function guardedFetch(input: string | URL, options: GuardedFetchOptions): Promise<Response> {
  const maxRedirects = options.policy.maxRedirects ?? DEFAULT_OUTBOUND_POLICY.maxRedirects!;
  let url: URL;
  try {
    url = new URL(input);
  } catch {
    throw new OutboundRefusedError('invalid-url', String(input).slice(0, 200), 'not a URL');
  }
  const origin = url.origin;
  for (let hop = 0; ; hop++) {
    const addresses = await checkTarget(url, options.policy, options.resolve);
    const message = await requestOnce(url, addresses, options, url.origin === origin ? (options.headers ?? {}) : {});
    const location = message.headers.location;
    if (!REDIRECTS.has(message.statusCode ?? 0) || !location) return toResponse(message);
    message.destroy();
    if (hop >= maxRedirects) throw new OutboundRefusedError('too-many-redirects', redacted(url), `more than ${maxRedirects} redirects`);
    try {
      url = new URL(location, url);
    } catch {
      throw new OutboundRefusedError('invalid-url', redacted(url), 'redirect Location is not a URL');
    }
  }
}

/**
 * POST a body to a URL someone else gave us (a customer's webhook endpoint): the scheme and every
 * address checked as for guardedFetch, the connection pinned to them, and no redirect followed (a
 * 3xx is the answer). Answers the HTTP status once the head arrives; the body is not read.
 */
export async function guardedPost(input: string | URL, body: string, options: GuardedFetchOptions): Promise<{ status: number }> {
  let url: URL;
  try {
    url = new URL(input);
  } catch {
    throw new OutboundRefusedError('invalid-url', String(input).slice(0, 200), 'not a URL');
  }
  const addresses = await checkTarget(url, options.policy, options.resolve);
  const message = await requestOnce(url, addresses, options, { ...options.headers, 'content-length': String(Buffer.byteLength(body)) }, body);
  message.destroy();
  return { status: message.statusCode ?? 0 };
}
