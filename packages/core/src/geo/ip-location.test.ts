import { describe, expect, it } from 'vitest';
import { lookupIpLocation, withIpLocation } from './ip-location.ts';

// Expected places were read from the bundled DB-IP Lite database (dbip-city-ipv4/ipv6.mmdb) before writing this test.
describe('lookupIpLocation (offline DB-IP Lite)', () => {
  it('locates public IPv4 and IPv6 addresses', async () => {
    expect(await lookupIpLocation('81.2.69.142')).toEqual({ country: 'GB', city: 'London' });
    expect(await lookupIpLocation('1.1.1.1')).toEqual({ country: 'AU', city: 'Sydney' });
    expect(await lookupIpLocation('::ffff:8.8.8.8')).toEqual({ country: 'US', city: 'Mountain View' });
    expect(await lookupIpLocation('2a00:1450:4001:82b::200e')).toEqual({ country: 'DE', city: 'Frankfurt am Main' });
  });

  it('answers null for private, loopback and malformed addresses', async () => {
    for (const ip of ['127.0.0.1', '192.168.0.10', '10.0.0.1', '::1', 'garbage', null]) expect(await lookupIpLocation(ip)).toBeNull();
  });

  it('keeps a location a trusted proxy already gave, and fills one in from the IP otherwise', async () => {
    const base = { userAgent: null, ip: '81.2.69.142' };
    expect(await withIpLocation({ ...base, country: 'FR', city: 'Paris' })).toEqual({ ...base, country: 'FR', city: 'Paris' });
    expect(await withIpLocation({ ...base, country: null, city: null })).toEqual({ ...base, country: 'GB', city: 'London' });
    expect(await withIpLocation({ ...base, ip: '127.0.0.1', country: null, city: null })).toMatchObject({ country: null, city: null });
  });
});
