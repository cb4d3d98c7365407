import Bowser from 'bowser';
import type { BrowserName, DeviceType, OperatingSystem } from '@reelsmith/shared';

export interface ParsedUserAgent {
  deviceType: DeviceType;
  browser: BrowserName;
  os: OperatingSystem;
}

const browsers: Record<string, BrowserName> = {
  Chrome: 'Chrome',
  Chromium: 'Chrome',
  Safari: 'Safari',
  Firefox: 'Firefox',
  'Microsoft Edge': 'Edge',
};

const systems: Record<string, OperatingSystem> = {
  Windows: 'Windows',
  macOS: 'macOS',
  Android: 'Android',
  iOS: 'iOS',
  Linux: 'Linux',
};

/** Device type, browser and OS from a user agent, in the Sessions screen's value sets (admin spec §3). */
export function parseUserAgent(userAgent: string | null | undefined): ParsedUserAgent {
  if (!userAgent) return { deviceType: 'desktop', browser: 'Unknown', os: 'Unknown' };
  const parsed = Bowser.parse(userAgent);
  const platform = parsed.platform.type;
  const deviceType: DeviceType = platform === 'mobile' ? 'mobile' : platform === 'tablet' ? 'tablet' : 'desktop';
  return {
    deviceType,
    browser: browsers[parsed.browser.name ?? ''] ?? 'Unknown',
    os: systems[parsed.os.name ?? ''] ?? 'Unknown',
  };
}
