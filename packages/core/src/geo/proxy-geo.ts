import type { GeoLocation } from './ip-location.ts';

/** Proxies whose location headers may be believed when the operator says the app sits behind one. */
export const TRUSTED_GEO_PROXIES = ['cloudflare', 'vercel', 'headers'] as const;
export type TrustedGeoProxy = (typeof TRUSTED_GEO_PROXIES)[number];

const headerNames: Record<TrustedGeoProxy, { country: string; city: string }> = {
  cloudflare: { country: 'cf-ipcountry', city: 'cf-ipcity' },
  vercel: { country: 'x-vercel-ip-country', city: 'x-vercel-ip-city' },
  headers: { country: 'x-geo-country', city: 'x-geo-city' },
};

function decoded(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/**
 * Country and city from the configured proxy's headers; null when it sent no usable country
 * (Cloudflare's XX and T1 mean unknown and Tor).
 */
export function geoFromProxyHeaders(proxy: TrustedGeoProxy, header: (name: string) => string | null): GeoLocation | null {
  const names = headerNames[proxy];
  const country = header(names.country)?.trim().toUpperCase() ?? null;
  if (!country || !/^[A-Z]{2}$/.test(country) || country === 'XX' || country === 'T1') return null;
  const city = header(names.city);
  return { country, city: city ? decoded(city).slice(0, 200) : null };
}
