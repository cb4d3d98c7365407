import { z } from 'zod';
import { appRouter } from '@reelsmith/api';
import { deepFreeze, reasonCodes } from '@reelsmith/shared';
import { restRoutes, type RestRoute } from './rest-routes.ts';

type JsonSchema = Record<string, unknown>;

interface ProcedureDef {
  type: 'query' | 'mutation' | 'subscription';
  inputs: unknown[];
  output?: unknown;
  meta?: { summary?: string; answer?: unknown };
}

function procedureDef(path: string): ProcedureDef {
  const procedure = (appRouter._def.procedures as unknown as Record<string, { _def: ProcedureDef } | undefined>)[path];
  if (!procedure) throw new Error(`A REST route names a missing procedure: ${path}`);
  return procedure._def;
}

function toJsonSchema(schema: unknown, io: 'input' | 'output'): JsonSchema | undefined {
  if (!(schema instanceof z.ZodType)) return undefined;
  // OpenAPI 3.1 schemas are JSON Schema 2020-12: null is a type (`anyOf [..., { type: 'null' }]`), not `nullable`.
  const json = z.toJSONSchema(schema, {
    io,
    unrepresentable: 'any',
    target: 'draft-2020-12',
    override: (ctx) => {
      const def = (ctx.zodSchema as { _zod?: { def?: { type?: string } } })._zod?.def;
      if (def?.type === 'date') {
        ctx.jsonSchema.type = 'string';
        ctx.jsonSchema.format = 'date-time';
      }
    },
  }) as JsonSchema;
  delete json.$schema;
  return json;
}

/**
 * The request body's schema without the path's own parameters (they travel in the URL, not the body),
 * in each branch of a union too (a discriminated union is a `oneOf` of objects).
 */
function withoutPathParameters(schema: JsonSchema, names: string[]): JsonSchema {
  if (!names.length) return schema;
  let result: JsonSchema = { ...schema };
  for (const key of ['oneOf', 'anyOf', 'allOf'] as const) {
    if (Array.isArray(result[key])) result[key] = (result[key] as JsonSchema[]).map((branch) => withoutPathParameters(branch, names));
  }
  if (typeof result.properties === 'object' && result.properties) {
    const properties = { ...(result.properties as Record<string, JsonSchema>) };
    for (const name of names) delete properties[name];
    const required = ((result.required as string[] | undefined) ?? []).filter((name) => !names.includes(name));
    const { required: _all, ...rest } = result;
    result = required.length ? { ...rest, properties, required } : { ...rest, properties };
  }
  return result;
}

/** The schema of an input field (a path parameter is described by the field it fills), in the object or the first branch of its union that has it. */
function fieldSchema(schema: JsonSchema, name: string): JsonSchema | undefined {
  const own = (schema.properties as Record<string, JsonSchema> | undefined)?.[name];
  if (own) return own;
  for (const key of ['oneOf', 'anyOf', 'allOf'] as const) {
    for (const branch of (schema[key] as JsonSchema[] | undefined) ?? []) {
      const found = fieldSchema(branch, name);
      if (found) return found;
    }
  }
  return undefined;
}

const errorSchema: JsonSchema = {
  type: 'object',
  required: ['error', 'message', 'code', 'reason'],
  properties: {
    error: { type: 'string', description: 'A message fit to show the user.' },
    message: { type: 'string' },
    code: { type: 'string' },
    reason: { type: 'string', enum: [...reasonCodes], description: 'Why it failed, as a stable code: clients choose what to show from this, never from the message text.' },
    requiresReauth: { type: 'boolean', description: 'Present on a 401 whose session or token is gone (reason unauthorized): the browser should sign in again. A refused sign-in (reason invalid_credentials) does not carry it.' },
    currentVersion: { type: 'integer', description: 'Present on 412: the project\'s current version (also answered as the ETag).' },
  },
};

const etagHeader: JsonSchema = { description: 'The project\'s version as a strong entity tag ("7"); send it back in If-Match to save only over this version.', schema: { type: 'string' } };

/** The budget headers every counted answer carries (@fastify/rate-limit). */
const rateLimitHeaders: Record<string, JsonSchema> = {
  'X-RateLimit-Limit': { description: 'Requests allowed per minute for this caller (its API key, else its address) on this call.', schema: { type: 'integer', minimum: 1 } },
  'X-RateLimit-Remaining': { description: 'Requests left in the current minute.', schema: { type: 'integer', minimum: 0 } },
  'X-RateLimit-Reset': { description: 'Seconds until the budget renews.', schema: { type: 'integer', minimum: 0 } },
};

function operation(route: RestRoute): JsonSchema {
  const def = procedureDef(route.procedure);
  const input = toJsonSchema(def.inputs[0], 'input');
  const output = toJsonSchema(def.meta?.answer ?? def.output, 'output');
  const parameters: JsonSchema[] = [...route.path.matchAll(/\{(\w+)\}/g)].map((m) => ({
    name: m[1],
    in: 'path',
    required: true,
    schema: (input && fieldSchema(input, m[1]!)) ?? { type: 'string' },
  }));
  const op: JsonSchema = {
    operationId: route.procedure,
    summary: def.meta?.summary ?? route.procedure,
    description: `Calls the tRPC procedure \`${route.procedure}\` (${def.type}).`,
    security: route.access === 'customer' ? [{ session: [] }, { apiKey: [] }] : route.access === 'admin' ? [{ adminToken: [] }] : [],
    responses: {
      [String(route.successStatus ?? 200)]: {
        description: 'Success',
        content: { 'application/json': { schema: output ?? { type: 'object' } } },
      },
      '4XX': { description: 'Refused', content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } },
    },
  };
  if (input && (route.inputFrom === 'query' || route.inputFrom === 'path')) {
    const props = (input.properties ?? {}) as Record<string, JsonSchema>;
    const required = new Set((input.required as string[] | undefined) ?? []);
    for (const [name, schema] of Object.entries(props)) {
      if (route.path.includes(`{${name}}`)) continue;
      parameters.push({ name, in: 'query', required: required.has(name), schema });
    }
  } else if (input) {
    const pathNames = [...route.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);
    op.requestBody = { required: true, content: { 'application/json': { schema: withoutPathParameters(input, pathNames) } } };
  }
  if (route.respondAsync) {
    const started = toJsonSchema(procedureDef(route.respondAsync).output, 'output');
    parameters.push({
      name: 'Prefer',
      in: 'header',
      required: false,
      description: 'respond-async (RFC 7240): answer 202 Accepted at once, with the job to follow at Location, instead of waiting for the job.',
      schema: { type: 'string', examples: ['respond-async'] },
    });
    (op.responses as Record<string, JsonSchema>)['202'] = {
      description: 'Accepted (with Prefer: respond-async): the job started; follow it at Location (GET /api/jobs/{id}).',
      headers: {
        Location: { description: 'The job, /api/jobs/{id}.', schema: { type: 'string' } },
        'Preference-Applied': { schema: { type: 'string', const: 'respond-async' } },
      },
      content: { 'application/json': { schema: started ?? { type: 'object' } } },
    };
  }
  const responses = op.responses as Record<string, JsonSchema>;
  const success = responses[String(route.successStatus ?? 200)]!;
  if (route.etag) success.headers = { ETag: etagHeader };
  if (route.location) success.headers = { ...(success.headers as JsonSchema | undefined), Location: { description: `Where the created resource is read (${route.location}).`, schema: { type: 'string' } } };
  if (route.ifMatch) {
    parameters.push({
      name: 'If-Match',
      in: 'header',
      required: false,
      description:
        'Save only if the project is still at this version (its ETag from GET or the last save). `*` or no header saves whatever the version. A stale, weak (W/) or unreadable tag answers 412 and changes nothing. Replaces the body\'s `expectedVersion`.',
      schema: { type: 'string', examples: ['"7"'] },
    });
    responses['412'] = {
      description: 'Precondition Failed: the project changed since the version If-Match names; nothing was saved. The current ETag is answered.',
      headers: { ETag: etagHeader },
      content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
    };
  }
  if (route.access === 'customer' && (route.method === 'POST' || route.method === 'PATCH')) {
    parameters.push({
      name: 'Idempotency-Key',
      in: 'header',
      required: false,
      description:
        'Makes a retry safe (IETF draft "The Idempotency-Key HTTP Header Field"): 1–255 printable ASCII characters, a UUID for example, new for each new request. The first answer (5xx excepted) is kept for 24 hours per customer, method and path; a retry with the same key and body gets it again with `Idempotent-Replayed: true` and does nothing more. The same key with another body answers 422; while the first request still runs, 409. An invalid key answers 400.',
      schema: { type: 'string', minLength: 1, maxLength: 255, pattern: '^[\\x20-\\x7E]+$', examples: ['5f0c7a52-3d1e-4c55-9c1b-7c8e2f0a9b61'] },
    });
    const replayed = { description: '`true` when this is the stored answer to an earlier request with the same Idempotency-Key.', schema: { type: 'string', const: 'true' } };
    for (const answer of [success, responses['202']]) {
      if (answer) answer.headers = { ...(answer.headers as JsonSchema | undefined), 'Idempotent-Replayed': replayed };
    }
  }
  // Every REST call counts against a per-minute limit (per API key, else per address; some calls have their own).
  for (const answer of [success, responses['202']]) {
    if (answer) answer.headers = { ...(answer.headers as JsonSchema | undefined), ...rateLimitHeaders };
  }
  responses['429'] = {
    description: 'Too Many Requests: this minute\'s budget is spent (per API key, else per address); try again after Retry-After seconds.',
    headers: { 'Retry-After': { description: 'Seconds until the budget renews.', schema: { type: 'integer', minimum: 0 } }, ...rateLimitHeaders },
    content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
  };
  if (parameters.length) op.parameters = parameters;
  return op;
}

/** The OpenAPI 3.1 document of the REST shims, generated from the procedures' metadata and zod schemas. */
export function buildOpenApiDocument(routes: RestRoute[] = restRoutes): JsonSchema {
  const paths: Record<string, Record<string, JsonSchema>> = {};
  for (const route of routes) {
    (paths[route.path] ??= {})[route.method.toLowerCase()] = operation(route);
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Reelsmith API',
      version: '1.0.0',
      description:
        'REST shims over the tRPC routers. Customers call with the session cookie or an API key (`Authorization: Bearer rsk_…`, Profile → API keys); the back-office with a bearer admin token. Generation steps answer 202 Accepted at once with `Prefer: respond-async`; follow the job at its Location. POST and PATCH take an optional `Idempotency-Key`, so a retry is answered the first answer instead of running again; a project answers its version as `ETag`, and PUT/PATCH with `If-Match` save only over that version (412 otherwise).',
    },
    paths,
    components: {
      securitySchemes: {
        session: { type: 'apiKey', in: 'cookie', name: 'rs_session' },
        apiKey: { type: 'http', scheme: 'bearer', description: 'A customer API key (rsk_…), created in Profile → API keys.' },
        adminToken: { type: 'http', scheme: 'bearer' },
      },
      schemas: { Error: errorSchema },
    },
  };
}

let served: JsonSchema | undefined;

/**
 * The document of the routes this server serves, built once per process: the routes and their zod
 * schemas are fixed at import, and building it (zod's JSON Schema conversion of every input and
 * answer) cost 20–40 ms of CPU per app built. Frozen, since every app of the process shares it.
 */
export function servedOpenApiDocument(): JsonSchema {
  return (served ??= deepFreeze(buildOpenApiDocument()));
}
