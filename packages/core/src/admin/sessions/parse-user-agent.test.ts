import { describe, expect, it } from 'vitest';
import { parseUserAgent } from './parse-user-agent.ts';

const agents = {
  chromeWindows: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  safariMac: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15',
  firefoxLinux: 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0',
  edgeWindows: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.2903.86',
  safariIphone: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  safariIpad: 'Mozilla/5.0 (iPad; CPU OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  chromeAndroidPhone: 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
  chromeAndroidTablet: 'Mozilla/5.0 (Linux; Android 13; SM-X700) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  opera: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36 OPR/115.0.0.0',
  curl: 'curl/8.5.0',
};

describe('parseUserAgent', () => {
  it.each([
    ['chromeWindows', { deviceType: 'desktop', browser: 'Chrome', os: 'Windows' }],
    ['safariMac', { deviceType: 'desktop', browser: 'Safari', os: 'macOS' }],
    ['firefoxLinux', { deviceType: 'desktop', browser: 'Firefox', os: 'Linux' }],
    ['edgeWindows', { deviceType: 'desktop', browser: 'Edge', os: 'Windows' }],
    ['safariIphone', { deviceType: 'mobile', browser: 'Safari', os: 'iOS' }],
    ['safariIpad', { deviceType: 'tablet', browser: 'Safari', os: 'iOS' }],
    ['chromeAndroidPhone', { deviceType: 'mobile', browser: 'Chrome', os: 'Android' }],
    ['chromeAndroidTablet', { deviceType: 'tablet', browser: 'Chrome', os: 'Android' }],
    ['opera', { deviceType: 'desktop', browser: 'Unknown', os: 'Windows' }],
    ['curl', { deviceType: 'desktop', browser: 'Unknown', os: 'Unknown' }],
  ] as const)('%s', (name, expected) => {
    expect(parseUserAgent(agents[name])).toEqual(expected);
  });

  it('answers Unknown for a missing user agent', () => {
    expect(parseUserAgent(null)).toEqual({ deviceType: 'desktop', browser: 'Unknown', os: 'Unknown' });
    expect(parseUserAgent('')).toEqual({ deviceType: 'desktop', browser: 'Unknown', os: 'Unknown' });
  });
});
