import type { FastifyInstance } from 'fastify';

/**
 * The tRPC adapter answers with a fetch `Response`, which the compression plugin always streams
 * through a zlib stream, however small. A plain JSON `Response` is read into a buffer first, so it
 * is compressed like the REST answers (in one piece, above the threshold only). Streaming bodies
 * (JSON lines, event streams) pass untouched. Must be registered before the compression plugin.
 */
export function bufferJsonResponses(app: FastifyInstance): void {
  app.addHook('onSend', async (_req, reply, payload) => {
    if (!(payload instanceof Response) || payload.headers.get('content-type')?.split(';')[0]?.trim() !== 'application/json') return payload;
    // tRPC's streamed batches (JSON lines) also say application/json, but chunked.
    if (payload.headers.has('transfer-encoding')) return payload;
    reply.status(payload.status);
    payload.headers.forEach((value, name) => {
      if (name !== 'content-length' && name !== 'set-cookie') reply.header(name, value);
    });
    for (const cookie of payload.headers.getSetCookie()) reply.header('set-cookie', cookie);
    return Buffer.from(await payload.arrayBuffer());
  });
}
