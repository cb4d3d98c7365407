import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** The WCAG 2.1 A and AA rules the issue asks every page to pass. */
export const wcagTags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

const blocking = new Set(['serious', 'critical']);

type Violation = Awaited<ReturnType<AxeBuilder['analyze']>>['violations'][number];

/**
 * The page's serious and critical violations under the WCAG 2.1 A/AA rules, as it is now.
 *
 * Legacy mode (`axe.run` in the page): the default runs `axe.runPartial` in every frame and then opens a
 * blank page to merge the frames' results, injecting axe's 500 kB three times a check. Our pages have no
 * frames of other origins (the only case legacy mode skips), and the same rules run on the same page:
 * the two sweeps' 60 checks took 53 s of machine CPU the default way and 22 s this way (docs/benchmarks.md).
 */
export async function seriousA11yViolations(page: Page): Promise<Violation[]> {
  // Transitions finished: a dialog or menu still fading in is measured at part opacity.
  await page.waitForTimeout(400);
  const results = await new AxeBuilder({ page }).withTags(wcagTags).setLegacyMode().analyze();
  return results.violations.filter((v) => blocking.has(v.impact ?? ''));
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
