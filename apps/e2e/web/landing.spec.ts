import { expect, test, type Locator, type Page } from '@playwright/test';
import { signInWithDevApi, uniqueEmail } from '../support/auth.ts';
import { landingHero } from '../support/landing.ts';
import { saveScreenshot } from '../support/screens.ts';

const phone = { width: 375, height: 812 };
const desktop = { width: 1440, height: 900 };
const signIn = '/auth/google';

const sections = [
  { id: 'templates', navLabel: 'Templates' },
  { id: 'simple-workflow', navLabel: 'Workflow' },
  { id: 'how-it-works', navLabel: 'How It Works' },
  { id: 'what-you-can-create', navLabel: 'Use Cases' },
] as const;

/** '/' as a visitor: the page comes drawn, and its own script has run by the load event goto waits for. */
async function openLanding(page: Page): Promise<Locator> {
  await page.goto('/');
  const hero = landingHero(page);
  await expect(hero).toBeVisible();
  return hero;
}

/** Distance from the viewport's top to the section's top, once any smooth scrolling has settled. */
async function expectScrolledTo(page: Page, section: Locator): Promise<void> {
  await expect(section).toBeInViewport();
  // The sticky header is 64 px and sections keep a 16 px scroll margin below it.
  await expect.poll(async () => Math.round(await section.evaluate((el) => el.getBoundingClientRect().top))).toBe(80);
}

/** Waits until every sample video has a frame and every image has loaded, so screenshots show them. */
async function waitForMedia(page: Page): Promise<void> {
  await expect
    .poll(() =>
      page.evaluate(() => {
        const videos = [...document.querySelectorAll('video')];
        const images = [...document.querySelectorAll('img')];
        return videos.every((v) => v.readyState >= 2) && images.every((i) => i.complete && i.naturalWidth > 0);
      }),
    )
    .toBe(true);
}

test.describe('Landing page', { tag: '@web' }, () => {
  // The other tests run with reduced motion (playwright.config.ts); this one sees the page as most visitors do.
  test('renders the hero, every section and the final call to action', async ({ browser }) => {
    const context = await browser.newContext({ reducedMotion: 'no-preference' });
    const page = await context.newPage();
    const hero = await openLanding(page);
    await expect(page).toHaveTitle(/Reelsmith/);

    await expect(hero.getByRole('heading', { level: 1 })).toContainText('30 Seconds');
    await expect(hero.getByRole('link')).toHaveCount(2);
    await expect(hero.getByRole('link', { name: 'Sign In' })).toBeVisible();
    await expect(hero.locator('video')).toHaveCount(2);

    for (const { id } of sections) await expect(page.locator(`section#${id}`)).toHaveCount(1);

    // Template gallery: 8 templates, each rendered twice for the marquee (the copy hidden from assistive tech).
    const templates = page.locator('#templates');
    await expect(templates.getByRole('link', { name: /^Use template: Product Demo #\d Perfect for e-commerce$/ })).toHaveCount(8);
    const templateVideos = templates.locator('video');
    await expect(templateVideos).toHaveCount(16);
    await expect(templates.locator('[data-duplicate] video')).toHaveCount(8);
    const videos = await templateVideos.evaluateAll((els) =>
      (els as HTMLVideoElement[]).map((v) => ({
        src: v.getAttribute('src'),
        muted: v.muted,
        loop: v.loop,
        autoplay: v.autoplay,
        playsInline: v.playsInline,
        duplicate: v.closest('[data-duplicate]') !== null,
      })),
    );
    const firstCopy = videos.filter((v) => !v.duplicate);
    expect(new Set(firstCopy.map((v) => v.src)).size).toBe(8);
    expect(new Set(videos.filter((v) => v.duplicate).map((v) => v.src))).toEqual(new Set(firstCopy.map((v) => v.src)));
    for (const video of videos) {
      expect(video).toMatchObject({ muted: true, loop: true, autoplay: true, playsInline: true });
    }
    for (const { src } of firstCopy) {
      const res = await page.request.get(src ?? '');
      expect(res.status(), `${src}`).toBe(200);
      expect(res.headers()['content-type']).toContain('video/mp4');
    }
    // The samples really play: the hero's at once, the gallery's once scrolled into view (Chromium only
    // autoplays muted videos while they are visible, and the marquee keeps moving cards in and out).
    const playing = (videos: Locator) =>
      videos.evaluateAll((els) => (els as HTMLVideoElement[]).filter((v) => !v.paused && v.currentTime > 0 && v.error === null).length);
    await expect.poll(() => playing(hero.locator('video'))).toBe(2);
    await templates.scrollIntoViewIfNeeded();
    await expect.poll(() => playing(templateVideos)).toBeGreaterThanOrEqual(3);

    // Simple Workflow: four cards in order.
    const workflow = page.locator('#simple-workflow');
    await expect(workflow.locator('article')).toHaveCount(4);
    await expect(workflow.getByRole('heading', { level: 3 })).toHaveText([
      'Choose Model & Voice',
      'Add Product',
      'Model Holding Product',
      'Final Video',
    ]);

    // How It Works: the six wizard steps in order.
    const steps = page.locator('#how-it-works').getByRole('listitem');
    await expect(steps).toHaveCount(6);
    await expect(page.locator('#how-it-works').getByRole('heading', { level: 3 })).toHaveText([
      /Script & Scenes$/,
      /Voiceover$/,
      /Avatar & Setting$/,
      /Avatar-Product$/,
      /Video Generation$/,
      /Merge & Export$/,
    ]);

    // What You Can Create: 20 distinct use cases.
    const useCases = page.locator('#what-you-can-create').getByRole('link', { name: /^Create .+ videos:/ });
    await expect(useCases).toHaveCount(20);
    const useCaseLabels = await useCases.evaluateAll((els) => els.map((el) => el.textContent));
    expect(new Set(useCaseLabels).size).toBe(20);

    // The final call to action closes the page: the last section, one heading and one sign-in link.
    const finalCta = page.getByRole('main').getByRole('region').last();
    await finalCta.scrollIntoViewIfNeeded();
    await expect(finalCta.getByRole('heading', { level: 2 })).toBeVisible();
    await expect(finalCta.getByRole('link')).toHaveCount(1);
    await expect(finalCta.getByRole('link')).toBeVisible();
    await context.close();
  });

  test('with reduced motion asked for, the samples stay still and the gallery shows each template once', async ({ page }) => {
    const hero = await openLanding(page);
    await expect(hero.locator('video')).toHaveCount(2);
    const templates = page.locator('#templates');
    await templates.scrollIntoViewIfNeeded();
    const videos = page.locator('video');
    // Every clip shows its poster and does not start: no autoplay, paused, at its first frame.
    await expect.poll(() => videos.count()).toBeGreaterThanOrEqual(4);
    await page.waitForTimeout(1_000);
    const states = await videos.evaluateAll((els) => (els as HTMLVideoElement[]).map((v) => ({ autoplay: v.autoplay, paused: v.paused, at: v.currentTime, poster: Boolean(v.poster) })));
    for (const state of states) expect(state).toEqual({ autoplay: false, paused: true, at: 0, poster: true });
    // The marquee does not slide: the duplicate copy is not shown and the track does not move.
    await expect(templates.locator('[data-duplicate]').first()).toBeHidden();
    const track = templates.locator('[data-duplicate]').first().locator('xpath=..');
    const before = await track.evaluate((el) => el.getBoundingClientRect().left);
    await page.waitForTimeout(500);
    expect(await track.evaluate((el) => el.getBoundingClientRect().left)).toBe(before);
    // The Final Video card's button still plays its clip on request.
    await page.locator('#simple-workflow').scrollIntoViewIfNeeded();
    await page.getByRole('button', { name: 'Play final video' }).click();
    await expect(page.getByRole('button', { name: 'Pause final video' })).toBeVisible();
  });

  test("a signed-out visit runs only the page's own small script: not the app, and no call to the server", async ({ page }) => {
    const scripts: string[] = [];
    const calls: string[] = [];
    page.on('request', (request) => {
      const path = new URL(request.url()).pathname;
      if (request.resourceType() === 'script') scripts.push(path);
      if (/^\/(api|trpc|auth)\//.test(path)) calls.push(path);
    });
    await openLanding(page);
    await page.waitForLoadState('networkidle');
    // apps/web/src/landing-entry.ts, built on its own: no React, no router, no sign-in check.
    expect(scripts).toEqual([expect.stringMatching(/^\/assets\/landing-[\w-]+\.js$/)]);
    expect(calls).toEqual([]);
    const bytes = (await (await page.request.get(scripts[0]!)).body()).length;
    expect(bytes).toBeLessThan(4_096);
  });

  test('nothing on the page moves while it loads', async ({ page }) => {
    // Layout shifts as the browser scores them (Cumulative Layout Shift), from the first paint on.
    await page.addInitScript(() => {
      const shifts = { total: 0 };
      (window as unknown as { __shifts: typeof shifts }).__shifts = shifts;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) if (!entry.hadRecentInput) shifts.total += entry.value;
      }).observe({ type: 'layout-shift', buffered: true });
    });
    await openLanding(page);
    await page.waitForLoadState('networkidle');
    expect(await page.evaluate(() => (window as unknown as { __shifts: { total: number } }).__shifts.total)).toBeLessThan(0.05);
  });

  test('comes drawn in the HTML, styled, before any script runs; its script works the buttons without redrawing anything', async ({ browser, page }) => {
    const withoutScripts = await browser.newContext({ javaScriptEnabled: false });
    try {
      const bare = await withoutScripts.newPage();
      await bare.goto('/');
      const heading = bare.getByRole('heading', { level: 1 });
      await expect(heading).toHaveText('Turn your script into an AI avatar video in 30 Seconds');
      // The stylesheets came with it (Mantine's heading weight and light scheme, the landing page's own layout), and the hero is not faded out.
      expect(await heading.evaluate((el) => getComputedStyle(el).fontWeight)).toBe('800');
      expect(await bare.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe('rgb(255, 255, 255)');
      expect(await landingHero(bare).locator('h1').evaluate((el) => getComputedStyle(el.parentElement!).opacity)).toBe('1');
      await expect(bare.locator('section#templates')).toBeAttached();
      await expect(bare.getByRole('banner').getByRole('link', { name: 'Get Started' })).toHaveAttribute('href', signIn);
    } finally {
      await withoutScripts.close();
    }

    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    await page.addInitScript(() => {
      const seen = { mutations: 0 };
      (window as unknown as { __seen: typeof seen }).__seen = seen;
      // Anything added to or taken from the page after it was parsed (attribute changes are the buttons' own).
      document.addEventListener('DOMContentLoaded', () => {
        new MutationObserver((records) => void (seen.mutations += records.length)).observe(document.body, { childList: true, subtree: true });
      });
    });
    await openLanding(page);
    await page.waitForLoadState('networkidle');
    await page.locator('#simple-workflow').scrollIntoViewIfNeeded();
    await page.getByRole('button', { name: 'Play final video' }).click();
    await expect(page.getByRole('button', { name: 'Pause final video' })).toHaveAttribute('aria-pressed', 'true');
    await expect.poll(() => page.locator('#final-video-sample').evaluate((video: HTMLVideoElement) => video.paused)).toBe(false);
    await page.getByRole('button', { name: 'Pause final video' }).click();
    await expect(page.getByRole('button', { name: 'Play final video' })).toHaveAttribute('aria-pressed', 'false');
    // The page's markup is the HTML's: nothing was drawn over it or added to it.
    expect(await page.evaluate(() => (window as unknown as { __seen: { mutations: number } }).__seen.mutations)).toBe(0);
    expect(errors).toEqual([]);

    // Pricing is a plain link: the app loads with the page it leads to.
    await page.getByRole('banner').getByRole('link', { name: 'Pricing' }).click();
    await expect(page).toHaveURL(/\/pricing$/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(await page.evaluate(() => Object.keys(document.getElementById('root')!).some((key) => key.startsWith('__reactContainer')))).toBe(true);

    // A customer with a session gets the app's own page at '/', drawn by the app (the dashboard).
    await signInWithDevApi(page.request, { email: uniqueEmail('landing-drawn'), name: 'Drawn Landing' });
    const html = await (await page.request.get('/')).text();
    expect(html).toContain('<div id="root"></div>');
    expect(html).not.toContain('data-prerendered');
  });

  test('every call to action, template and use case leads to /auth/google', async ({ page }) => {
    await openLanding(page);
    const main = page.getByRole('main');
    const hrefs = await main.locator('a').evaluateAll((els) => els.map((el) => el.getAttribute('href')));
    // 2 hero CTAs + 16 template cards (8 + marquee copy) + the workflow CTA + 20 use cases + the final CTA.
    expect(hrefs).toHaveLength(40);
    expect(new Set(hrefs)).toEqual(new Set([signIn]));

    for (const name of ['Sign In', 'Use template: Product Demo #1 Perfect for e-commerce', /^Create Social Media videos:/]) {
      await expect(main.getByRole('link', { name, exact: true }).first(), String(name)).toHaveAttribute('href', signIn);
    }
    const header = page.getByRole('banner');
    await expect(header.getByRole('link', { name: 'Get Started' })).toHaveAttribute('href', signIn);
    await expect(header.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', signIn);
  });

  test('the header anchors scroll to their sections', async ({ page }) => {
    await page.setViewportSize(desktop);
    await openLanding(page);
    const nav = page.getByRole('navigation', { name: 'Main' });
    for (const { id, navLabel } of sections) {
      const link = nav.getByRole('link', { name: navLabel, exact: true });
      await expect(link).toHaveAttribute('href', `#${id}`);
      await link.click();
      await expect(page).toHaveURL(new RegExp(`/#${id}$`));
      await expectScrolledTo(page, page.locator(`section#${id}`));
    }
  });

  test.describe('on a 375 px phone', () => {
    test.use({ viewport: phone, isMobile: true, hasTouch: true });

    test('the mobile menu opens, closes and leads to a section', async ({ page }) => {
      await openLanding(page);
      await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();
      const menu = page.locator('#public-mobile-menu');
      await expect(menu).toBeHidden();

      const openButton = page.getByRole('button', { name: 'Open menu' });
      await expect(openButton).toHaveAttribute('aria-expanded', 'false');
      await openButton.click();
      await expect(menu).toBeVisible();
      const closeButton = page.getByRole('button', { name: 'Close menu' });
      await expect(closeButton).toHaveAttribute('aria-expanded', 'true');
      await expect(menu.getByRole('link')).toHaveText(['Templates', 'Workflow', 'How It Works', 'Use Cases', 'Pricing', 'Sign In']);
      await expect(menu.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', signIn);

      await closeButton.click();
      await expect(menu).toBeHidden();

      await page.getByRole('button', { name: 'Open menu' }).click();
      await expect(menu).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(menu).toBeHidden();

      await page.getByRole('button', { name: 'Open menu' }).click();
      await menu.getByRole('link', { name: 'How It Works' }).click();
      await expect(menu).toBeHidden();
      await expect(page).toHaveURL(/\/#how-it-works$/);
      await expectScrolledTo(page, page.locator('section#how-it-works'));
    });

    test('the page does not overflow horizontally', async ({ page }) => {
      await openLanding(page);
      await waitForMedia(page);
      const widths = await page.evaluate(() => ({
        scroll: document.documentElement.scrollWidth,
        body: document.body.scrollWidth,
        client: document.documentElement.clientWidth,
      }));
      expect(widths.scroll).toBeLessThanOrEqual(phone.width);
      expect(widths.body).toBeLessThanOrEqual(phone.width);
      expect(widths.client).toBe(phone.width);

      // With the menu open, too.
      await page.getByRole('button', { name: 'Open menu' }).click();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(phone.width);
    });
  });

  test('full-page screenshots at desktop and phone widths', { tag: '@screens' }, async ({ page }) => {
    // Two full-page captures with every image and video loaded: on a busy two-core machine this takes longer than the default 30 s.
    test.slow();
    for (const [name, viewport] of [
      ['landing-desktop', desktop],
      ['landing-phone', phone],
    ] as const) {
      await page.setViewportSize(viewport);
      await openLanding(page);
      await waitForMedia(page);
      await saveScreenshot(page, name);
    }
  });
});
