import { writeFile } from 'node:fs/promises';
import { mkdtempSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { probeFile } from './support/media-checks.ts';
import { trpcCall } from './support/trpc-call.ts';
import { buildTestApp, devSignIn, type TestApp } from './test-app.ts';

const dataUrl = (mime: string, buffer: Buffer) => `data:${mime};base64,${buffer.toString('base64')}`;

describe('avatar uploads and the avatar with the product', () => {
  let t: TestApp;
  let cookie: string;
  let projectId: string;
  const dir = mkdtempSync(join(tmpdir(), 'reelsmith-up-'));

  beforeAll(async () => {
    t = await buildTestApp('pglite');
    cookie = await devSignIn(t.app, 'uploader@example.com');
    projectId = (await t.app.inject({ method: 'POST', url: '/api/projects', headers: { cookie }, payload: {} })).json().id;
  });
  afterAll(async () => {
    await t.close();
  });
  const api = (url: string, payload: object) => t.app.inject({ method: 'POST', url, headers: { cookie }, payload });

  it('takes a photo by content, re-encodes it, selects it and follows its shape', async () => {
    const photo = await sharp({ create: { width: 1600, height: 900, channels: 3, background: '#3a7bd5' } }).jpeg().withMetadata({ exif: { IFD0: { Copyright: 'secret-camera-owner' } } }).toBuffer();
    const res = await api(`/api/projects/${projectId}/upload-avatar`, { image: dataUrl('image/jpeg', photo), filename: 'me.jpg', aspectRatio: '9:16' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.aspectRatio).toBe('16:9');
    expect(body.project.aspect).toBe('16:9');
    expect(body.project.assets.avatar).toMatchObject({ uploaded: [body.url], selected: body.url });
    const stored = await t.app.inject({ method: 'GET', url: body.url, headers: { cookie } });
    expect(stored.statusCode).toBe(200);
    expect(stored.rawPayload.includes(Buffer.from('secret-camera-owner'))).toBe(false);
  });

  it('refuses other files with the spec messages, whatever their name says', async () => {
    const text = Buffer.from('just some text pretending to be a picture');
    const asJpeg = await api(`/api/projects/${projectId}/upload-avatar`, { image: dataUrl('image/jpeg', text), filename: 'fake.jpg' });
    expect(asJpeg.statusCode).toBe(400);
    expect(asJpeg.json().error).toBe('Please upload a JPEG, PNG, GIF, or WebP image.');
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    expect((await api(`/api/projects/${projectId}/upload-avatar`, { image: dataUrl('image/svg+xml', svg), filename: 'x.svg' })).statusCode).toBe(400);
    const productText = await api(`/api/projects/${projectId}/generate-avatar-product`, { productImage: dataUrl('image/png', text), interactionPrompt: 'holding it' });
    expect(productText.statusCode).toBe(400);
    expect(productText.json().error).toBe('Please upload an image file (PNG, JPG, etc.)');
    const huge = Buffer.alloc(11 * 1024 * 1024, 1);
    const big = await api(`/api/projects/${projectId}/generate-avatar-product`, { productImage: dataUrl('image/png', huge), interactionPrompt: 'holding it' });
    expect(big.statusCode).toBe(400);
    expect(big.json().error).toContain('Please upload an image smaller than 10MB');
    const noPrompt = await api(`/api/projects/${projectId}/generate-avatar-product`, { productImage: dataUrl('image/png', huge.subarray(0, 10)), interactionPrompt: '  ' });
    expect(noPrompt.json().error).toContain('Please describe the interaction between avatar and product');
    const project = (await t.app.inject({ method: 'GET', url: `/api/projects/${projectId}`, headers: { cookie } })).json();
    expect(project.assets.avatar.uploaded).toHaveLength(1);
  });

  it('needs an avatar from step 3 before the product step', async () => {
    const other = await devSignIn(t.app, 'no-avatar@example.com');
    const id = (await t.app.inject({ method: 'POST', url: '/api/projects', headers: { cookie: other }, payload: {} })).json().id;
    const png = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#fff' } }).png().toBuffer();
    const res = await t.app.inject({ method: 'POST', url: `/api/projects/${id}/generate-avatar-product`, headers: { cookie: other }, payload: { productImage: dataUrl('image/png', png), interactionPrompt: 'holding it' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('No avatar selected from step 3');
  });

  it('places a transparent product in four layouts over the chosen avatar (REST and tRPC)', async () => {
    const avatars = await api(`/api/projects/${projectId}/generate-avatar`, { combinedPrompt: 'A woman in a kitchen', model: 'google-imagen-4-ultra', aspectRatio: '9:16' });
    expect(avatars.statusCode).toBe(200);
    await t.app.inject({ method: 'PATCH', url: `/api/projects/${projectId}`, headers: { cookie }, payload: { selectedAvatar: 1 } });
    const product = await sharp({ create: { width: 300, height: 500, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } })
      .composite([{ input: Buffer.from('<svg width="300" height="500"><rect x="90" y="60" width="120" height="400" rx="30" fill="#14b8a6"/></svg>') }])
      .png()
      .toBuffer();
    const viaTrpc = await trpcCall(t.app, 'mutation', 'generation.uploadAvatar', { id: projectId, image: dataUrl('image/png', await sharp({ create: { width: 600, height: 600, channels: 3, background: '#eee' } }).png().toBuffer()), filename: 'square.png' }, cookie);
    expect(viaTrpc.data.aspectRatio).toBe('1:1');
    await t.app.inject({ method: 'PATCH', url: `/api/projects/${projectId}`, headers: { cookie }, payload: { selectedAvatar: 1, aspect: '9:16' } });
    const rest = await api(`/api/projects/${projectId}/generate-avatar-product`, { productImage: dataUrl('image/png', product), interactionPrompt: 'holding the bottle up', aspectRatio: '9:16' });
    expect(rest.statusCode).toBe(200);
    expect(rest.json().variations).toHaveLength(4);
    const res = await trpcCall(t.app, 'mutation', 'generation.generateAvatarProduct', { id: projectId, productImage: dataUrl('image/png', product), interactionPrompt: 'holding the bottle up', aspectRatio: '9:16' }, cookie);
    expect(res.status).toBe(200);
    expect(res.data.variations).toHaveLength(4);
    const file = join(dir, 'product-0.png');
    await writeFile(file, (await t.app.inject({ method: 'GET', url: res.data.variations[0], headers: { cookie } })).rawPayload);
    expect((await probeFile(file)).video).toMatchObject({ width: 1080, height: 1920 });
    // Choosing a variation, then skipping, keep the rules of step 4.
    const chosen = await t.app.inject({ method: 'PUT', url: `/api/projects/${projectId}`, headers: { cookie }, payload: { assets: { avatar_product: { selected: res.data.variations[2] } } } });
    expect(chosen.json().assets.avatar_product).toMatchObject({ selected: res.data.variations[2], skipped: false });
    const skipped = await t.app.inject({ method: 'PUT', url: `/api/projects/${projectId}`, headers: { cookie }, payload: { assets: { avatar_product: { skipped: true } } } });
    expect(skipped.json().assets.avatar_product).toMatchObject({ skipped: true, selected: avatars.json().variations[1] });
  });
});
