import type { FastifyRequest } from 'fastify';
import type { RequestMeta } from '@reelsmith/core';
import type { Config } from '../config.ts';

function header(req: FastifyRequest, name: string): string | null {
  const value = req.headers[name];
  const first = Array.isArray(value) ? value[0] : value;
  return first ? first.slice(0, 200) : null;
}

/**
 * User agent, IP and, where a trusted proxy says so, country and city. Location headers are only
 * believed behind a trusted proxy, since a client could otherwise send them itself.
 */
export function requestMeta(req: FastifyRequest, config: Config): RequestMeta {
  const trusted = config.trustProxy;
  const country = trusted ? (header(req, 'cf-ipcountry') ?? header(req, 'x-vercel-ip-country') ?? header(req, 'x-geo-country')) : null;
  const rawCity = trusted ? (header(req, 'x-vercel-ip-city') ?? header(req, 'x-geo-city')) : null;
  let city: string | null = null;
  if (rawCity) {
    try {
      city = decodeURIComponent(rawCity);
    } catch {
      city = rawCity;
    }
  }
  return {
    userAgent: req.headers['user-agent']?.slice(0, 1024) ?? null,
    ip: req.ip ?? null,
    country: country && country !== 'XX' ? country : null,
    city,
  };
}
