import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Page, PageScreenshotOptions } from '@playwright/test';

/**
 * Screenshots are pictures for people, not checks, so they are made on request only: `UPDATE_SCREENS=1`
 * refreshes the committed ones in docs/screens, `SCREENS=1` writes them to apps/e2e/screens to look
 * at (`pnpm --filter @reelsmith/e2e run screens`). The tests that only take pictures carry `@screens`
 * and run only then (playwright.config.ts); other tests skip their pictures.
 */
export const screensRequested = Boolean(process.env.UPDATE_SCREENS || process.env.SCREENS);
export const screensDir = process.env.UPDATE_SCREENS ? resolve(import.meta.dirname, '../../../docs/screens') : resolve(import.meta.dirname, '../screens');

/** A full-page picture of the page as `<name>.png`, when pictures were asked for. */
export async function saveScreenshot(page: Page, name: string, options: Omit<PageScreenshotOptions, 'path'> = {}): Promise<void> {
  if (!screensRequested) return;
  mkdirSync(screensDir, { recursive: true });
  await page.screenshot({ fullPage: true, animations: 'disabled', ...options, path: resolve(screensDir, `${name}.png`) });
}
