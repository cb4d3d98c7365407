import { describe, expect, it } from 'vitest';
import { isPublicIp, normalizeIp } from './ip-address.ts';

describe('isPublicIp', () => {
  it.each(['127.0.0.1', '10.1.2.3', '172.16.5.4', '192.168.1.1', '169.254.0.1', '100.64.0.1', '198.18.0.5', '::1', 'fe80::1', 'fd00::1', '::ffff:127.0.0.1', 'not-an-ip', '', null])(
    '%s is not locatable',
    (ip) => expect(isPublicIp(ip)).toBe(false),
  );
  it.each(['8.8.8.8', '81.2.69.142', '2001:4860:4860::8888', '::ffff:8.8.8.8'])('%s is public', (ip) => expect(isPublicIp(ip)).toBe(true));

  it('unwraps IPv4-mapped IPv6 addresses', () => {
    expect(normalizeIp('::ffff:81.2.69.142')).toBe('81.2.69.142');
    expect(normalizeIp(' 8.8.8.8 ')).toBe('8.8.8.8');
    expect(normalizeIp('999.1.1.1')).toBeNull();
  });
});
