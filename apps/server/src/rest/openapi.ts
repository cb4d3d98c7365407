import { z } from 'zod';
import { appRouter } from '@reelsmith/api';
import { reasonCodes } from '@reelsmith/shared';
import { restRoutes, type RestRoute } from './rest-routes.ts';

type JsonSchema = Record<string, unknown>;

interface ProcedureDef {
  type: 'query' | 'mutation' | 'subscription';
  inputs: unknown[];
  output?: unknown;
  meta?: { summary?: string };
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
    requiresReauth: { type: 'boolean', description: 'Present on 401: the browser should sign in again.' },
  },
};

function operation(route: RestRoute): JsonSchema {
  const def = procedureDef(route.procedure);
  const input = toJsonSchema(def.inputs[0], 'input');
  const output = toJsonSchema(def.output, 'output');
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
        'REST shims over the tRPC routers. Customers call with the session cookie or an API key (`Authorization: Bearer rsk_…`, Profile → API keys); the back-office with a bearer admin token. Generation steps answer 202 Accepted at once with `Prefer: respond-async`; follow the job at its Location.',
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
