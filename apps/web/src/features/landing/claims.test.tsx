import { MantineProvider } from '@mantine/core';
import { createAppTheme } from '@reelsmith/ui';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { StatTiles } from '../dashboard/stat-tiles.tsx';
import { LandingPage } from './landing-page.tsx';

function text(node: React.ReactNode): string {
  const html = renderToStaticMarkup(
    <MantineProvider theme={createAppTheme()}>
      <MemoryRouter>{node}</MemoryRouter>
    </MantineProvider>,
  );
  return html.replace(/<[^>]+>/g, ' ');
}

// The best export is 1080p (the high quality of Step 5); nothing may promise more (docs/decisions.md).
describe('export claims', () => {
  it.each([
    ['the landing page', <LandingPage key="landing" />],
    ['the dashboard tiles', <StatTiles key="tiles" />],
  ])('%s claims 1080p HD, never 4K', (_name, node) => {
    const words = text(node);
    expect(words).not.toMatch(/\b4K\b|2160p|Ultra HD/i);
    expect(words).toMatch(/1080p/);
  });
});
