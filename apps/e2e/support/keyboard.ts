import { expect, type Locator, type Page } from '@playwright/test';

/** Whether `target` (or something inside it, e.g. a card's input) has the focus. */
function isFocused(target: Locator): Promise<boolean> {
  return target.evaluate((el) => el === document.activeElement || el.contains(document.activeElement));
}

/** Whether `target` comes before the focused element in document order (then Shift+Tab is the shorter way). */
function isBeforeFocus(target: Locator): Promise<boolean> {
  return target.evaluate((el) => {
    const active = document.activeElement;
    if (!active || active === document.body) return false;
    return Boolean(active.compareDocumentPosition(el) & Node.DOCUMENT_POSITION_PRECEDING);
  });
}

/**
 * Moves the focus to `target` with Tab (or Shift+Tab when it lies behind the focus) only, as a
 * keyboard user would, failing when it is not reached within `maxPresses`: the proof that it is in
 * the tab order. The focused control must show that it is focused (an outline, or an input's border).
 */
export async function tabTo(page: Page, target: Locator, maxPresses = 120): Promise<void> {
  // A segmented control's or switch's input is hidden under its drawn label: present is enough.
  await expect(target).toBeAttached();
  await expect(target).toBeEnabled();
  const key = (await isBeforeFocus(target)) ? 'Shift+Tab' : 'Tab';
  for (let presses = 0; !(await isFocused(target)); presses += 1) {
    if (presses >= maxPresses) {
      const focused = await page.evaluate(() => document.activeElement?.outerHTML.slice(0, 200) ?? 'nothing');
      throw new Error(`${String(target)} was not reached with ${key} in ${maxPresses} presses; the focus is on ${focused}`);
    }
    await page.keyboard.press(key);
  }
  await expectVisibleFocus(page);
}

/** The focused element shows a focus ring (outline or box-shadow) or, for a text field, its focus border. */
export async function expectVisibleFocus(page: Page): Promise<void> {
  const ring = await page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el) return 'nothing focused';
    const ringed = (node: Element) => {
      const style = getComputedStyle(node);
      return (style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0) || style.boxShadow !== 'none';
    };
    if (el.matches('input:not([type=radio]):not([type=checkbox]), textarea, [contenteditable]')) return '';
    // A hidden radio or checkbox input draws its ring on its label or the track beside it.
    const input = el instanceof HTMLInputElement ? el : null;
    const drawn = [el, ...(input?.labels ?? []), el.nextElementSibling, ...(el.nextElementSibling?.children ?? [])].filter((n): n is Element => Boolean(n));
    return drawn.some(ringed) ? '' : `${el.outerHTML.slice(0, 160)} shows no focus ring`;
  });
  expect(ring, 'the focused control shows its focus').toBe('');
}

/** Tabs to `target` and presses `key` (Enter by default) on it. */
export async function pressOn(page: Page, target: Locator, key = 'Enter'): Promise<void> {
  await tabTo(page, target);
  await page.keyboard.press(key);
}

/** Tabs to a text field, selects what it holds and types `text` over it, key by key. */
export async function typeInto(page: Page, field: Locator, text: string): Promise<void> {
  await tabTo(page, field);
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.press('Delete');
  await page.keyboard.type(text);
  await expect(field).toHaveValue(text);
}
