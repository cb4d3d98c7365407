import { expect, test, type APIRequestContext } from '@playwright/test';
import { signInWithDevApi, uniqueEmail } from '../support/auth.ts';
import { proxyRequestLimitMs, slowProxyUrl, slowRenderMs } from '../support/env.ts';
import { voiceAndPickAvatarViaApi } from '../support/wizard.ts';

interface ProxyStats {
  requests: number;
  cut: number;
  longestMs: number;
  cutPaths: string[];
}

const proxyStats = async (request: APIRequestContext) => (await (await request.get(`${slowProxyUrl}/__proxy/stats`)).json()) as ProxyStats;

// Issue 18: a step whose provider takes minutes, while every request to the server is ended after 30 s
// (the proxy in support/slow-provider-server.ts). The step starts with one short request and the browser
// follows the job on the progress stream, which the proxy cuts every 30 s and the browser reopens.
test.describe('Wizard with a slow provider behind a 30 s proxy', { tag: '@web' }, () => {
  test('the scene videos take three minutes at the provider and still finish in the browser, with live progress', async ({ page }) => {
    test.setTimeout(slowRenderMs + 180_000);
    await signInWithDevApi(page.request, { email: uniqueEmail('slow-provider'), name: 'Sol Patient' });
    const created = await page.request.post('/api/projects', { data: { reelTime: 20, aspect: '1:1' } });
    expect(created.status()).toBe(201);
    const id = ((await created.json()) as { id: string }).id;
    const scenes = await page.request.post(`/api/projects/${id}/generate-scenes`, { data: { script: 'Meet the bottle that keeps coffee hot. It never leaks in your bag.', reelTime: 20, sceneCount: 2 } });
    expect(scenes.status(), await scenes.text()).toBe(200);
    await voiceAndPickAvatarViaApi(page.request, id);

    await page.goto(`/project/${id}?step=5`);
    await expect(page.getByRole('heading', { level: 2, name: 'Video Generation' })).toBeVisible();
    const before = await proxyStats(page.request);
    const started = Date.now();
    await page.getByRole('button', { name: 'Generate All Videos' }).click();
    const progress = page.getByRole('status').filter({ hasText: 'Generating videos' });
    await expect(progress).toBeVisible();
    // The job's own stage, pushed by the server once the renders are submitted.
    await expect(progress).toContainText(/Rendering scene videos \(0 of 2\)/, { timeout: 20_000 });

    // Past the proxy's limit the progress stream has been cut and reopened; the step is still following.
    await page.waitForTimeout(proxyRequestLimitMs + 10_000);
    await expect(progress).toBeVisible();
    await expect(progress).toContainText(/Rendering scene videos/);
    expect((await proxyStats(page.request)).cutPaths).toContain('/trpc/generation.progress');
    // The browser asks for reduced motion (the e2e setting): the spinner and the striped bar hold still
    // while the minutes pass, the stage text still moving.
    const looping = await progress.evaluate((root) =>
      [root, ...root.querySelectorAll('*')]
        .flatMap((el) => [undefined, '::before', '::after'].map((pseudo) => getComputedStyle(el, pseudo)))
        .filter((style) => style.animationName !== 'none' && style.animationIterationCount === 'infinite').length,
    );
    expect(looping).toBe(0);

    await expect(page.getByRole('button', { name: 'Regenerate Videos' })).toBeVisible({ timeout: slowRenderMs + 90_000 });
    expect(Date.now() - started).toBeGreaterThan(slowRenderMs - 5_000);
    await expect(progress).toHaveCount(0);
    const cards = page.getByRole('article', { name: /^Scene \d$/ });
    await expect(cards).toHaveCount(2);
    for (let i = 0; i < 2; i += 1) await expect(cards.nth(i).getByText('Video Generated')).toBeVisible();

    // Nothing outlived the proxy's limit, and the requests the proxy cut were only progress streams.
    const after = await proxyStats(page.request);
    expect(after.longestMs).toBeLessThanOrEqual(proxyRequestLimitMs + 1_000);
    expect(after.cut).toBeGreaterThan(before.cut);
    expect(new Set(after.cutPaths.slice(before.cutPaths.length))).toEqual(new Set(['/trpc/generation.progress']));
  });
});
