import { expect, type Locator, type Page } from '@playwright/test';

/** The landing page's hero: the section of `main` holding the page's only level-1 heading. */
export function landingHero(page: Page): Locator {
  return page
    .getByRole('main')
    .getByRole('region')
    .filter({ has: page.getByRole('heading', { level: 1 }) });
}

/** The signed-out landing page at '/': its hero, the template gallery and the public header's sign-in. */
export async function expectLanding(page: Page): Promise<void> {
  await expect(landingHero(page)).toBeVisible();
  await expect(page.locator('section#templates')).toBeAttached();
  await expect(page.getByRole('banner').getByRole('link', { name: 'Get Started' })).toHaveAttribute('href', '/auth/google');
}
