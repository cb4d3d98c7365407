import axe, { type Result } from 'axe-core';
import { expect, type Frame, type Page } from '@playwright/test';

/** The WCAG 2.1 A and AA rules the issue asks every page to pass. */
export const wcagTags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

const blocking = new Set(['serious', 'critical']);

/**
 * axe in the frame's document, put there once: a page of the single-page apps keeps it from check to
 * check while the app changes screens. `@axe-core/playwright`'s legacy mode parsed axe's 500 kB twice
 * for every check (0.6 s of the browser's CPU on this kind of machine, more than the rules themselves).
 */
async function ensureAxe(frame: Frame): Promise<void> {
  const present = await frame.evaluate('typeof window.axe?.run === "function"').catch(() => true);
  if (present) return;
  await frame.evaluate(axe.source);
  await frame.evaluate(`axe.configure({ allowedOrigins: ['<same_origin>'], branding: { application: 'playwright' } })`);
}

/**
 * The page's serious and critical violations under the WCAG 2.1 A/AA rules, as it is now.
 *
 * `axe.run` in the page and each of its frames (our pages have no frames of other origins): the
 * default of `@axe-core/playwright`, `axe.runPartial` in every frame merged on a blank page, injected
 * axe three times a check, and its legacy mode twice (docs/benchmarks.md). Passing rules are not
 * sent back node by node (`resultTypes`), the violations are reported in full.
 */
export async function seriousA11yViolations(page: Page): Promise<Result[]> {
  // Transitions finished: a dialog or menu still fading in is measured at part opacity.
  await page.waitForTimeout(400);
  for (const frame of page.frames()) await ensureAxe(frame);
  const violations = await page.evaluate(
    (tags) => (window as unknown as { axe: typeof axe }).axe.run(document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] }).then((r) => r.violations),
    wcagTags,
  );
  return violations.filter((v) => blocking.has(v.impact ?? ''));
}

/**
 * Runs axe on the page as it is now (an open dialog or menu included) and fails with every serious
 * or critical violation: its rule, impact, help and each failing node's selector and summary.
 */
export async function expectNoSeriousA11yViolations(page: Page, screen: string): Promise<void> {
  const serious = await seriousA11yViolations(page);
  const report = serious
    .map((v) =>
      [
        `${v.id} (${v.impact}): ${v.help} — ${v.helpUrl}`,
        ...v.nodes.slice(0, 8).map((n) => `    ${n.target.join(' ')}\n      ${(n.failureSummary ?? '').replace(/\n/g, '\n      ')}\n      ${n.html.slice(0, 160)}`),
        ...(v.nodes.length > 8 ? [`    … and ${v.nodes.length - 8} more nodes`] : []),
      ].join('\n'),
    )
    .join('\n');
  // Soft: one run names every page's violations, and the test still fails at its end.
  expect.soft(serious.map((v) => `${v.id} (${v.impact})`), `axe on ${screen} (${page.url()}):\n${report}`).toEqual([]);
}
