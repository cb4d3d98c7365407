import type { FastifyInstance } from 'fastify';
import superjson from 'superjson';

/** Who calls: a customer's session cookie, or an admin's bearer token (null: nobody). */
export type TrpcCaller = string | { bearer: string | null };

/** Calls a tRPC procedure over HTTP as the browser does (superjson), answering its data or error. */
export async function trpcCall(app: FastifyInstance, type: 'query' | 'mutation', path: string, input: unknown, caller: TrpcCaller) {
  const encoded = superjson.serialize(input);
  const headers: Record<string, string> =
    typeof caller === 'string' ? { cookie: caller } : caller.bearer ? { authorization: `Bearer ${caller.bearer}` } : {};
  const res =
    type === 'query'
      ? await app.inject({ method: 'GET', url: `/trpc/${path}?input=${encodeURIComponent(JSON.stringify(encoded))}`, headers })
      : await app.inject({ method: 'POST', url: `/trpc/${path}`, headers: { ...headers, 'content-type': 'application/json' }, payload: JSON.stringify(encoded) });
  const body = res.json() as { result?: { data: { json: unknown; meta?: unknown } }; error?: { json: { message: string; data: { httpStatus: number } } } };
  if (body.error) return { status: res.statusCode, error: body.error.json.message };
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- open-ended JSON (Stripe objects, API answers) read field by field in tests
  return { status: res.statusCode, data: superjson.deserialize(body.result!.data as never) as any };
}
