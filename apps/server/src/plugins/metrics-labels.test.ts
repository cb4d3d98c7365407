import { describe, expect, it } from 'vitest';
import { methodLabel, routeLabel } from './metrics-labels.ts';

const procedures = new Set(['projects.get', 'generation.progress', 'admin.users.list']);

describe('routeLabel', () => {
  it('is the route pattern, never the raw URL with its ids', () => {
    const url = '/api/projects/2b1e8a4c-0000-4000-8000-000000000001?fields=all';
    expect(routeLabel({ url: '/api/projects/:id' }, url, procedures)).toBe('/api/projects/:id');
    expect(routeLabel({ url: '/media/*' }, '/media/projects/abc/video.mp4', procedures)).toBe('/media/*');
  });
  it('names a tRPC call by its known procedure path, whatever its input', () => {
    expect(routeLabel({ url: '/trpc/:path' }, '/trpc/projects.get?input=%7B%22id%22%3A%22123%22%7D', procedures)).toBe('/trpc/projects.get');
    expect(routeLabel({ url: '/trpc/:path' }, '/trpc/generation.progress?input=x&lastEventId=abc', procedures)).toBe('/trpc/generation.progress');
    expect(routeLabel({ url: '/trpc/:path' }, '/trpc/admin.users.list', procedures)).toBe('/trpc/admin.users.list');
  });
  it('gives unknown, hostile and batched tRPC paths one label each, so they cannot grow the series', () => {
    const labels = new Set(
      [
        '/trpc/projects.get.2b1e8a4c',
        '/trpc/%3Cscript%3Ealert(1)%3C%2Fscript%3E',
        `/trpc/${'x'.repeat(10_000)}`,
        '/trpc/%E0%A4%A',
        '/trpc/projects.get%00',
        '/trpc/',
      ].map((url) => routeLabel({ url: '/trpc/:path' }, url, procedures)),
    );
    expect([...labels]).toEqual(['/trpc/(unknown)']);
    expect(routeLabel({ url: '/trpc/:path' }, '/trpc/projects.get,generation.progress?batch=1', procedures)).toBe('/trpc/(batch)');
  });
  it('labels the built apps\' files as one, and requests no route matched as unmatched', () => {
    expect(routeLabel({ url: '/assets/index-4f2a9c.js', config: { file: '/assets/index-4f2a9c.js', rootPath: '/srv/web' } }, '/assets/index-4f2a9c.js', procedures)).toBe('(static)');
    expect(routeLabel({ url: undefined }, '/projects/2b1e8a4c/edit', procedures)).toBe('(unmatched)');
    // A route's own config without a served file is not static.
    expect(routeLabel({ url: '/healthz', config: { rateLimit: false } }, '/healthz', procedures)).toBe('/healthz');
  });
});

describe('methodLabel', () => {
  it('keeps the standard methods and folds the rest', () => {
    expect(methodLabel('GET')).toBe('GET');
    expect(methodLabel('PROPFIND')).toBe('OTHER');
  });
});
