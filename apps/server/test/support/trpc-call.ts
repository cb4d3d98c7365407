import type { FastifyInstance } from 'fastify';
import superjson from 'superjson';

/** Calls a tRPC procedure over HTTP as the browser does (superjson), answering its data or error. */
export async function trpcCall(app: FastifyInstance, type: 'query' | 'mutation', path: string, input: unknown, cookie: string) {
  const encoded = superjson.serialize(input);
  const res =
    type === 'query'
      ? await app.inject({ method: 'GET', url: `/trpc/${path}?input=${encodeURIComponent(JSON.stringify(encoded))}`, headers: { cookie } })
      : await app.inject({ method: 'POST', url: `/trpc/${path}`, headers: { cookie, 'content-type': 'application/json' }, payload: JSON.stringify(encoded) });
  const body = res.json() as { result?: { data: { json: unknown; meta?: unknown } }; error?: { json: { message: string; data: { httpStatus: number } } } };
  if (body.error) return { status: res.statusCode, error: body.error.json.message };
  return { status: res.statusCode, data: superjson.deserialize(body.result!.data as never) as any };
}
