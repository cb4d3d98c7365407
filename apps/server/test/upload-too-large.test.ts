import { createRequire } from 'node:module';
import { crc32, deflateSync } from 'node:zlib';
import { testDatabaseKinds } from '@reelsmith/db/testing';
import sharp from 'sharp';
import superjson from 'superjson';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, devSignIn, type TestApp } from './test-app.ts';

// The browser's own tRPC client (a dependency of apps/web), so answers are read exactly as the web reads them.
interface TrpcClientModule {
  createTRPCClient: (options: { links: unknown[] }) => { generation: { uploadAvatar: { mutate: (input: unknown) => Promise<unknown> } } };
  httpBatchLink: (options: object) => unknown;
  httpLink: (options: object) => unknown;
  TRPCClientError: new (...args: never[]) => Error & { data?: unknown };
}
const trpcClient = (await import(createRequire(new URL('../../web/package.json', import.meta.url)).resolve('@trpc/client'))) as TrpcClientModule;

const TOO_LARGE = 'Please upload an image smaller than 10MB';
// A 16 MB photo as the browser sends it: a base64 data URL (about 21 MB of JSON), over the 15 MB body limit.
const sixteenMegabytes = `data:image/jpeg;base64,${Buffer.alloc(16 * 1024 * 1024, 7).toString('base64')}`;

// An oversize upload answers 413 with the product upload's words, in the shape each client reads:
// the REST shims' { error } and tRPC's own error (not 'Unable to transform response from server').
describe.each(testDatabaseKinds())('an upload over the body limit on %s', (kind) => {
  let t: TestApp;
  let cookie: string;
  let projectId: string;

  beforeAll(async () => {
    t = await buildTestApp(kind);
    cookie = await devSignIn(t.app, 'big-upload@example.com');
    projectId = (await t.app.inject({ method: 'POST', url: '/api/projects', headers: { cookie }, payload: {} })).json().id;
  });
  afterAll(async () => {
    await t?.close();
  });

  const uploads = async () => (await t.app.inject({ method: 'GET', url: `/api/projects/${projectId}`, headers: { cookie } })).json().assets?.avatar?.uploaded ?? [];

  it('REST: 413 with the 10MB message as JSON', async () => {
    for (const url of [`/api/projects/${projectId}/upload-avatar`, `/api/projects/${projectId}/generate-avatar-product`]) {
      const res = await t.app.inject({ method: 'POST', url, headers: { cookie, 'content-type': 'application/json' }, payload: JSON.stringify({ image: sixteenMegabytes, productImage: sixteenMegabytes, filename: 'big.jpg', interactionPrompt: 'holding it' }) });
      expect(res.statusCode).toBe(413);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.json()).toMatchObject({ error: TOO_LARGE, message: TOO_LARGE, code: 'PAYLOAD_TOO_LARGE' });
    }
    expect(await uploads()).toEqual([]);
  });

  /** The real tRPC client (the browser's links and transformer) over the app's HTTP answers. */
  function client(link: 'batch' | 'single') {
    const fetchThroughInject = async (input: string | URL | Request, init?: RequestInit) => {
      const url = new URL(String(input));
      const res = await t.app.inject({
        method: (init?.method ?? 'GET') as 'GET' | 'POST',
        url: `${url.pathname}${url.search}`,
        headers: { ...(init?.headers as Record<string, string>), cookie },
        ...(init?.body ? { payload: init.body as string } : {}),
      });
      return new Response(res.rawPayload, { status: res.statusCode, headers: res.headers as Record<string, string> });
    };
    const options = { url: 'http://reelsmith.test/trpc', transformer: superjson, fetch: fetchThroughInject as typeof fetch };
    return trpcClient.createTRPCClient({ links: [link === 'batch' ? trpcClient.httpBatchLink(options) : trpcClient.httpLink(options)] });
  }

  it.each(['batch', 'single'] as const)('tRPC (%s link): the client reads a PAYLOAD_TOO_LARGE error with the 10MB message', async (link) => {
    const error = await client(link)
      .generation.uploadAvatar.mutate({ id: projectId, image: sixteenMegabytes, filename: 'big.jpg' })
      .then(
        () => null,
        (err: unknown) => err,
      );
    expect(error).toBeInstanceOf(trpcClient.TRPCClientError);
    const clientError = error as InstanceType<TrpcClientModule['TRPCClientError']>;
    expect(clientError.message).toBe(TOO_LARGE);
    expect(clientError.data).toMatchObject({ code: 'PAYLOAD_TOO_LARGE', httpStatus: 413 });
    expect(await uploads()).toEqual([]);
  });

  it('tRPC: any refusal before tRPC runs (unreadable JSON) answers in tRPC shape, batch and single', async () => {
    const post = (url: string) => t.app.inject({ method: 'POST', url, headers: { cookie, 'content-type': 'application/json' }, payload: '{"0":{"json":' });
    const batch = await post('/trpc/generation.uploadAvatar?batch=1');
    expect(batch.statusCode).toBe(400);
    expect(batch.json()).toEqual([{ error: expect.objectContaining({ json: expect.objectContaining({ data: expect.objectContaining({ code: 'BAD_REQUEST', httpStatus: 400, path: 'generation.uploadAvatar' }) }) }) }]);
    const single = await post('/trpc/generation.uploadAvatar');
    expect(single.json()).toMatchObject({ error: { json: { data: { code: 'BAD_REQUEST', httpStatus: 400 } } } });
    const rest = await t.app.inject({ method: 'POST', url: `/api/projects/${projectId}/upload-avatar`, headers: { cookie, 'content-type': 'application/json' }, payload: '{"image":' });
    expect(rest.statusCode).toBe(400);
    expect(rest.json()).toMatchObject({ code: 'BAD_REQUEST', error: expect.any(String) });
  });
});

/** A 20000×20000 PNG in under 2 KB: a valid IHDR and the first two rows of IDAT. */
function hugePng(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const head = Buffer.alloc(4);
    head.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([head, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([signature, chunk('IHDR', ihdr), chunk('IDAT', deflateSync(Buffer.alloc(2 * (1 + width * 3)))), chunk('IEND', Buffer.alloc(0))]);
}

describe.each(testDatabaseKinds())('an image of too many pixels on %s', (kind) => {
  const TOO_MANY_PIXELS = 'This image has too many pixels. Please upload an image of at most 40 megapixels.';
  let t: TestApp;
  let cookie: string;
  let projectId: string;

  beforeAll(async () => {
    t = await buildTestApp(kind);
    cookie = await devSignIn(t.app, 'many-pixels@example.com');
    projectId = (await t.app.inject({ method: 'POST', url: '/api/projects', headers: { cookie }, payload: {} })).json().id;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('refuses a 20000×20000 PNG for its pixels (not as damaged) on REST and tRPC, and stores nothing', async () => {
    const image = `data:image/png;base64,${hugePng(20_000, 20_000).toString('base64')}`;
    const rest = await t.app.inject({ method: 'POST', url: `/api/projects/${projectId}/upload-avatar`, headers: { cookie }, payload: { image, filename: 'huge.png' } });
    expect(rest.statusCode).toBe(400);
    expect(rest.json().error).toBe(TOO_MANY_PIXELS);
    const viaTrpc = await t.app.inject({
      method: 'POST',
      url: '/trpc/generation.uploadAvatar',
      headers: { cookie, 'content-type': 'application/json' },
      payload: JSON.stringify(superjson.serialize({ id: projectId, image, filename: 'huge.png' })),
    });
    expect(viaTrpc.statusCode).toBe(400);
    expect(viaTrpc.json().error.json.message).toBe(TOO_MANY_PIXELS);
    // The product path checks its picture once an avatar is chosen.
    const photo = await sharp({ create: { width: 90, height: 160, channels: 3, background: '#3a7bd5' } }).png().toBuffer();
    const avatar = await t.app.inject({ method: 'POST', url: `/api/projects/${projectId}/upload-avatar`, headers: { cookie }, payload: { image: `data:image/png;base64,${photo.toString('base64')}`, filename: 'me.png' } });
    expect(avatar.statusCode).toBe(200);
    const product = await t.app.inject({ method: 'POST', url: `/api/projects/${projectId}/generate-avatar-product`, headers: { cookie }, payload: { productImage: image, interactionPrompt: 'holding it' } });
    expect(product.json().error).toBe(TOO_MANY_PIXELS);
    const project = (await t.app.inject({ method: 'GET', url: `/api/projects/${projectId}`, headers: { cookie } })).json();
    expect(project.assets.avatar.uploaded).toEqual([avatar.json().url]);
    expect(project.assets.product ?? null).toBeNull();
  });
});

