import { describe, expect, it } from 'vitest';
import { geoFromProxyHeaders } from './proxy-geo.ts';

const headers = (values: Record<string, string>) => (name: string) => values[name] ?? null;

describe('geoFromProxyHeaders', () => {
  it("reads Cloudflare's country and city headers", () => {
    expect(geoFromProxyHeaders('cloudflare', headers({ 'cf-ipcountry': 'de', 'cf-ipcity': 'M%C3%BCnchen' }))).toEqual({ country: 'DE', city: 'München' });
    expect(geoFromProxyHeaders('cloudflare', headers({ 'cf-ipcountry': 'NL' }))).toEqual({ country: 'NL', city: null });
  });

  it("ignores another proxy's headers and Cloudflare's unknown and Tor markers", () => {
    expect(geoFromProxyHeaders('cloudflare', headers({ 'x-vercel-ip-country': 'US' }))).toBeNull();
    expect(geoFromProxyHeaders('cloudflare', headers({ 'cf-ipcountry': 'XX' }))).toBeNull();
    expect(geoFromProxyHeaders('cloudflare', headers({ 'cf-ipcountry': 'T1' }))).toBeNull();
    expect(geoFromProxyHeaders('vercel', headers({ 'x-vercel-ip-country': 'US', 'x-vercel-ip-city': 'San%20Francisco' }))).toEqual({ country: 'US', city: 'San Francisco' });
    expect(geoFromProxyHeaders('headers', headers({ 'x-geo-country': 'not a country' }))).toBeNull();
  });
});
