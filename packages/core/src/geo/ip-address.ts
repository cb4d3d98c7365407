import { BlockList, isIP } from 'node:net';

// Addresses that never belong to a place: private, loopback, link-local, shared (CGNAT), documentation, multicast.
const nonPublic = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8], ['10.0.0.0', 8], ['100.64.0.0', 10], ['127.0.0.0', 8], ['169.254.0.0', 16], ['172.16.0.0', 12],
  ['192.0.0.0', 24], ['192.0.2.0', 24], ['192.168.0.0', 16], ['198.18.0.0', 15], ['198.51.100.0', 24], ['203.0.113.0', 24],
  ['224.0.0.0', 4], ['240.0.0.0', 4],
] as const) nonPublic.addSubnet(net, prefix, 'ipv4');
for (const [net, prefix] of [['::', 128], ['::1', 128], ['fc00::', 7], ['fe80::', 10], ['ff00::', 8], ['2001:db8::', 32]] as const) {
  nonPublic.addSubnet(net, prefix, 'ipv6');
}

/** The address without an IPv4-mapped IPv6 prefix (::ffff:1.2.3.4 → 1.2.3.4), or null when it is not an IP. */
export function normalizeIp(ip: string | null | undefined): string | null {
  if (!ip) return null;
  const trimmed = ip.trim();
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(trimmed);
  const plain = mapped ? mapped[1]! : trimmed;
  return isIP(plain) ? plain : null;
}

/** Whether an address can be located: a valid, public (routable) IPv4 or IPv6 address. */
export function isPublicIp(ip: string | null | undefined): boolean {
  const normalized = normalizeIp(ip);
  if (!normalized) return false;
  return !nonPublic.check(normalized, isIP(normalized) === 6 ? 'ipv6' : 'ipv4');
}
