import type { FastifyRequest } from 'fastify';
import { geoFromProxyHeaders, withIpLocation, type RequestMeta } from '@reelsmith/core';
import type { Config } from '../config.ts';

function header(req: FastifyRequest, name: string): string | null {
  const value = req.headers[name];
  const first = Array.isArray(value) ? value[0] : value;
  return first ? first.slice(0, 200) : null;
}

/**
 * User agent, IP and, where the configured proxy says so, country and city. Location headers are
 * only believed from the proxy named by TRUSTED_PROXY_GEO, since a client could otherwise send them itself.
 */
export function requestMeta(req: FastifyRequest, config: Config): RequestMeta {
  const geo = config.trustedProxyGeo ? geoFromProxyHeaders(config.trustedProxyGeo, (name) => header(req, name)) : null;
  return {
    userAgent: req.headers['user-agent']?.slice(0, 1024) ?? null,
    ip: req.ip ?? null,
    country: geo?.country ?? null,
    city: geo?.city ?? null,
  };
}

/** The request details for a new session, located from the IP (offline database) when no trusted proxy did. */
export function sessionRequestMeta(req: FastifyRequest, config: Config): Promise<RequestMeta> {
  return withIpLocation(requestMeta(req, config));
}
