import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { classifyAddress, classifyHost, guardedFetch, guardedPost, OutboundRefusedError, parseAllowedHost, type Resolver } from './outbound-guard.ts';

describe('classifyAddress', () => {
  it.each([
    ['127.0.0.1', 'loopback'],
    ['127.255.255.254', 'loopback'],
    ['::1', 'loopback'],
    ['10.1.2.3', 'private'],
    ['172.16.0.1', 'private'],
    ['172.31.255.255', 'private'],
    ['192.168.1.1', 'private'],
    ['fc00::1', 'private'],
    ['fd00:ec2::254', 'private'],
    ['169.254.169.254', 'link-local'],
    ['169.254.0.1', 'link-local'],
    ['fe80::1', 'link-local'],
    ['fe80::1%eth0', 'link-local'],
    ['febf:ffff::1', 'link-local'],
    ['100.64.0.1', 'carrier-grade-nat'],
    ['100.127.255.255', 'carrier-grade-nat'],
    ['0.0.0.0', 'unspecified'],
    ['0.1.2.3', 'unspecified'],
    ['::', 'unspecified'],
    ['224.0.0.1', 'multicast'],
    ['239.255.255.250', 'multicast'],
    ['ff02::1', 'multicast'],
    ['255.255.255.255', 'broadcast'],
    ['240.0.0.1', 'reserved'],
    ['192.0.2.10', 'documentation'],
    ['2001:db8::1', 'documentation'],
    // IPv4 inside IPv6: mapped, translated, compatible, NAT64 and 6to4 forms of refused addresses.
    ['::ffff:127.0.0.1', 'loopback'],
    ['::ffff:7f00:1', 'loopback'],
    ['::ffff:a9fe:a9fe', 'link-local'],
    ['::ffff:169.254.169.254', 'link-local'],
    ['::ffff:10.0.0.1', 'private'],
    ['::ffff:0.0.0.0', 'unspecified'],
    ['0:0:0:0:0:ffff:c0a8:0101', 'private'],
    ['::ffff:0:127.0.0.1', 'loopback'],
    ['::127.0.0.1', 'loopback'],
    ['::8.8.8.8', 'reserved'],
    ['64:ff9b::127.0.0.1', 'loopback'],
    ['64:ff9b::a9fe:a9fe', 'link-local'],
    ['64:ff9b:1::1', 'private'],
    ['2002:7f00:1::', 'loopback'],
    ['2002:a9fe:a9fe::1', 'link-local'],
    ['2001:0:4136:e378:8000:63bf:3fff:fdd2', 'reserved'],
    ['100::1', 'reserved'],
  ])('refuses %s as %s', (address, range) => {
    expect(classifyAddress(address)).toBe(range);
  });

  it.each(['8.8.8.8', '1.1.1.1', '93.184.215.14', '172.32.0.1', '100.128.0.1', '169.255.0.1', '2606:4700:4700::1111', '::ffff:8.8.8.8', '64:ff9b::808:808', '2002:808:808::1'])(
    'lets the public address %s through',
    (address) => {
      expect(classifyAddress(address)).toBeNull();
    },
  );

  it('throws on text that is not an address', () => {
    expect(() => classifyAddress('localhost')).toThrow(TypeError);
    expect(() => classifyAddress('127.1')).toThrow(TypeError);
  });
});

describe('classifyHost (URL host forms)', () => {
  it.each([
    ['0x7f.1', 'loopback'],
    ['2130706433', 'loopback'],
    ['127.1', 'loopback'],
    ['0177.0.0.1', 'loopback'],
    ['0x7f000001', 'loopback'],
    ['[::ffff:127.0.0.1]', 'loopback'],
    ['::ffff:a9fe:a9fe', 'link-local'],
    ['[::ffff:a9fe:a9fe]', 'link-local'],
    ['0xa9.0xfe.0xa9.0xfe', 'link-local'],
    ['2852039166', 'link-local'],
    ['0', 'unspecified'],
    ['[::]', 'unspecified'],
    ['[0:0:0:0:0:0:0:1]', 'loopback'],
  ])('reads %s as %s', (host, range) => {
    expect(classifyHost(host)).toBe(range);
  });

  it('leaves names to DNS and lets public literals through', () => {
    expect(classifyHost('replicate.delivery')).toBe('name');
    expect(classifyHost('8.8.8.8')).toBeNull();
  });
});

describe('parseAllowedHost', () => {
  it('reads host and host:port as the URL parser does', () => {
    expect(parseAllowedHost('127.0.0.1:4100')).toEqual({ hostname: '127.0.0.1', port: '4100' });
    expect(parseAllowedHost('Fake.Test')).toEqual({ hostname: 'fake.test', port: null });
    expect(parseAllowedHost('[::1]:8080')).toEqual({ hostname: '[::1]', port: '8080' });
    expect(parseAllowedHost('[::1]')).toEqual({ hostname: '[::1]', port: null });
    expect(parseAllowedHost('localhost:80')).toEqual({ hostname: 'localhost', port: '80' });
  });

  it('refuses URLs and junk', () => {
    for (const entry of ['http://x/', 'a/b', 'user@host', '', 'a b']) expect(() => parseAllowedHost(entry)).toThrow(TypeError);
  });
});

describe('guardedFetch on loopback servers', () => {
  let allowed: Server;
  let forbidden: Server;
  let allowedHost: string;
  let forbiddenHost: string;
  const seen: string[] = [];

  const listen = async (server: Server) => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return `127.0.0.1:${(server.address() as AddressInfo).port}`;
  };

  beforeAll(async () => {
    forbidden = createServer((req, res) => {
      seen.push(`forbidden ${req.url}`);
      res.writeHead(200, { 'content-type': 'text/plain' }).end('secret');
    });
    forbiddenHost = await listen(forbidden);
    allowed = createServer((req, res) => {
      seen.push(`allowed ${req.method === 'POST' ? 'POST ' : ''}${req.url}`);
      const url = new URL(req.url ?? '/', 'http://x');
      if (url.pathname === '/ok') return res.writeHead(200, { 'content-type': 'image/png', 'x-extra': 'yes' }).end('png-bytes');
      if (url.pathname === '/to-forbidden') return res.writeHead(302, { location: `http://${forbiddenHost}/metadata` }).end();
      if (url.pathname === '/to-metadata') return res.writeHead(301, { location: 'http://169.254.169.254/latest/meta-data/' }).end();
      if (url.pathname === '/to-mapped') return res.writeHead(307, { location: `http://[::ffff:127.0.0.1]:${forbiddenHost.split(':')[1]}/x` }).end();
      if (url.pathname === '/to-file') return res.writeHead(302, { location: 'file:///etc/passwd' }).end();
      if (url.pathname === '/relative') return res.writeHead(303, { location: '/ok' }).end();
      if (url.pathname === '/loop') return res.writeHead(302, { location: '/loop' }).end();
      if (url.pathname === '/hang') return undefined;
      return res.writeHead(404).end();
    });
    allowedHost = await listen(allowed);
  });
  afterAll(async () => {
    allowed.closeAllConnections();
    forbidden.closeAllConnections();
    await Promise.all([new Promise((r) => allowed.close(r)), new Promise((r) => forbidden.close(r))]);
  });

  const refusal = async (promise: Promise<unknown>) => {
    const error = await promise.then(
      () => null,
      (err: unknown) => err,
    );
    expect(error).toBeInstanceOf(OutboundRefusedError);
    return error as OutboundRefusedError;
  };

  it('fetches an allow-listed loopback host and answers a fetch Response', async () => {
    const response = await guardedFetch(`http://${allowedHost}/ok`, { policy: { allowHosts: [allowedHost] } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/png');
    expect(await response.text()).toBe('png-bytes');
  });

  it('refuses loopback unless allow-listed, port by port', async () => {
    seen.length = 0;
    expect((await refusal(guardedFetch(`http://${allowedHost}/ok`, { policy: { allowHosts: [] } }))).reason).toBe('loopback');
    expect((await refusal(guardedFetch(`http://${allowedHost}/ok`, { policy: { allowHosts: [forbiddenHost] } }))).reason).toBe('loopback');
    expect((await refusal(guardedFetch(`http://0x7f.1:${allowedHost.split(':')[1]}/ok`, { policy: { allowHosts: [] } }))).reason).toBe('loopback');
    expect(seen).toEqual([]);
  });

  it('refuses a redirect from an allowed host to a loopback port that is not allowed, before connecting to it', async () => {
    seen.length = 0;
    const error = await refusal(guardedFetch(`http://${allowedHost}/to-forbidden`, { policy: { allowHosts: [allowedHost] } }));
    expect(error.reason).toBe('loopback');
    expect(error.url).toBe(`http://${forbiddenHost}/metadata`);
    expect(seen).toEqual(['allowed /to-forbidden']);
  });

  it('refuses redirects to the metadata address, to an IPv4-mapped loopback and to another scheme', async () => {
    const policy = { allowHosts: [allowedHost] };
    expect((await refusal(guardedFetch(`http://${allowedHost}/to-metadata`, { policy }))).reason).toBe('link-local');
    expect((await refusal(guardedFetch(`http://${allowedHost}/to-mapped`, { policy }))).reason).toBe('loopback');
    expect((await refusal(guardedFetch(`http://${allowedHost}/to-file`, { policy }))).reason).toBe('scheme');
  });

  it('follows a relative redirect on the allowed host and stops a redirect loop at the hop limit', async () => {
    const policy = { allowHosts: [allowedHost], maxRedirects: 3 };
    expect(await (await guardedFetch(`http://${allowedHost}/relative`, { policy })).text()).toBe('png-bytes');
    seen.length = 0;
    expect((await refusal(guardedFetch(`http://${allowedHost}/loop`, { policy }))).reason).toBe('too-many-redirects');
    expect(seen).toHaveLength(4);
  });

  it('refuses other schemes and credentials in the URL', async () => {
    const policy = { allowHosts: [allowedHost] };
    expect((await refusal(guardedFetch('file:///etc/passwd', { policy }))).reason).toBe('scheme');
    expect((await refusal(guardedFetch('ftp://example.com/x', { policy }))).reason).toBe('scheme');
    expect((await refusal(guardedFetch(`http://u:p@${allowedHost}/ok`, { policy }))).reason).toBe('credentials');
    expect((await refusal(guardedFetch('not a url', { policy }))).reason).toBe('invalid-url');
  });

  it('refuses a name when any of its addresses is refused (localhost, a name with a private address among public ones)', async () => {
    expect((await refusal(guardedFetch(`http://localhost:${allowedHost.split(':')[1]}/ok`, { policy: { allowHosts: [] } }))).reason).toMatch(/loopback/);
    const resolve: Resolver = async () => [
      { address: '93.184.215.14', family: 4 },
      { address: '10.0.0.5', family: 4 },
    ];
    expect((await refusal(guardedFetch('http://mixed.test/x', { policy: { allowHosts: [] }, resolve }))).reason).toBe('private');
  });

  it('lets a failed lookup through as the network failure it is (retryable), and refuses a name without addresses', async () => {
    const failing: Resolver = async () => {
      throw Object.assign(new Error('getaddrinfo EAI_AGAIN flaky.test'), { code: 'EAI_AGAIN' });
    };
    await expect(guardedFetch('http://flaky.test/x', { policy: { allowHosts: [] }, resolve: failing })).rejects.toMatchObject({ code: 'EAI_AGAIN' });
    expect((await refusal(guardedFetch('http://empty.test/x', { policy: { allowHosts: [] }, resolve: async () => [] }))).reason).toBe('unresolved');
  });

  it('connects to the address it checked: one resolution per hop, never a second answer (DNS rebinding)', async () => {
    const port = allowedHost.split(':')[1];
    const answers = ['127.0.0.1', '10.9.9.9'];
    let calls = 0;
    const resolve: Resolver = async () => [{ address: answers[Math.min(calls++, 1)]!, family: 4 }];
    const response = await guardedFetch(`http://fake.test:${port}/ok`, { policy: { allowHosts: [`fake.test:${port}`] }, resolve });
    expect(await response.text()).toBe('png-bytes');
    expect(calls).toBe(1);
  });

  it('POSTs a body to a checked address, answers the status and follows no redirect', async () => {
    const policy = { allowHosts: [allowedHost] };
    seen.length = 0;
    expect(await guardedPost(`http://${allowedHost}/ok`, '{"a":1}', { policy, headers: { 'content-type': 'application/json' } })).toEqual({ status: 200 });
    expect(await guardedPost(`http://${allowedHost}/to-metadata`, '{}', { policy })).toEqual({ status: 301 });
    expect(seen).toEqual(['allowed POST /ok', 'allowed POST /to-metadata']);
    expect((await refusal(guardedPost(`http://${allowedHost}/ok`, '{}', { policy: { allowHosts: [] } }))).reason).toBe('loopback');
    const rebinding: Resolver = async () => [{ address: '10.0.0.7', family: 4 }];
    expect((await refusal(guardedPost('https://hooks.example.test/x', '{}', { policy: { allowHosts: [] }, resolve: rebinding }))).reason).toBe('private');
    expect(seen).toHaveLength(2);
  });

  it('ends a request that never answers when the caller signal aborts', async () => {
    const started = Date.now();
    const error = await guardedFetch(`http://${allowedHost}/hang`, { policy: { allowHosts: [allowedHost] }, signal: AbortSignal.timeout(200) }).then(
      () => null,
      (err: unknown) => err as Error,
    );
    expect(error?.name).toMatch(/AbortError|TimeoutError/);
    // Ended by the 200 ms signal, not left hanging until the test's own timeout.
    expect(Date.now() - started).toBeLessThan(20_000);
  });
});
