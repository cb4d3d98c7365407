import { initTRPC, TRPCError } from '@trpc/server';
import { getHTTPStatusCodeFromError } from '@trpc/server/http';
import { apiTransformer } from './transformer.ts';
import { ZodError, type ZodType } from 'zod';
import { accountSuspendedMessage, auditAdminCall, hasAdminRole, maintenanceMessage, type AdminRole } from '@reelsmith/core';
import { apiKeyMessages, AppError, describeIssues, internalErrorMessage, reasonForStatus, reasonOfIssues, sessionExpiredMessage, type Reason } from '@reelsmith/shared';
import type { ApiContext } from './context.ts';

function describeZodError(error: ZodError): string {
  return describeIssues(error.issues);
}

/**
 * A procedure's REST shim: its documented /api path and method, who may call it, and where its input
 * comes from. The server builds its REST routes and the OpenAPI document from these.
 */
export interface RestMeta {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** OpenAPI-style path, e.g. /api/projects/{id}. */
  path: string;
  /** public: no session is looked up; customer: the session cookie or a bearer API key; admin: a bearer admin token. */
  access: 'public' | 'customer' | 'admin';
  /**
   * query: the query string; body: the JSON body (path parameters merged into either); path: the path
   * parameters alone. Absent: the procedure takes no input.
   */
  inputFrom?: 'query' | 'body' | 'path';
  successStatus?: number;
  /** A stricter per-client limit than the global one (requests per minute). */
  rateLimitPerMinute?: number;
  /** Cache-Control of a successful answer (default no-store). */
  cacheControl?: string;
  /**
   * The procedure (dotted path) that only starts this call's job. A request with
   * `Prefer: respond-async` (RFC 7240) calls it instead and is answered 202 Accepted with
   * `Location: /api/jobs/{id}`, without waiting for the job.
   */
  respondAsync?: string;
  /** Conditional requests (RFC 9110): a successful answer carries `ETag: "<output.version>"`. */
  etag?: boolean;
  /**
   * The input field that receives the versions an `If-Match` header names (`*` or no header: none);
   * the service refuses a stale one with 412 and its current version, answered as the ETag.
   */
  ifMatch?: string;
  /** Where the created resource is read, as a path template filled from the answer's fields (`/api/projects/{id}`): sent as `Location`. */
  location?: string;
}

/** Procedure metadata: the summary and, for the documented /api calls, the REST shim. */
export interface ApiMeta {
  summary?: string;
  /**
   * The answer's schema for the OpenAPI document, where the procedure does not check its answer again at
   * run time (no `.output()`): only for answers built entirely by readers that have already checked every
   * stored part (the project lists, built by toProject). The second pass over each project was a tenth of
   * the server's CPU in bench/api (docs/decisions.md); the contract test still checks the real answers
   * against this schema.
   */
  answer?: ZodType;
  rest?: RestMeta;
}

/**
 * Progress streams (server-sent events) live behind proxies that cut idle connections after 60–100 s:
 * a ping comment every 15 s keeps them open, the browser reconnects when nothing (not even a ping)
 * arrives for 45 s, and a connection is renewed after 30 minutes. A reconnect sends the last event id,
 * so the stream resumes where it was (generation.progress).
 */
export const sseOptions = {
  ping: { enabled: true, intervalMs: 15_000 },
  client: { reconnectAfterInactivityMs: 45_000 },
  maxDurationMs: 30 * 60_000,
};

const t = initTRPC.context<ApiContext>().meta<ApiMeta>().create({
  transformer: apiTransformer,
  sse: sseOptions,
  errorFormatter({ shape, error }) {
    // 5xx messages are hidden, except the maintenance notice customers must read.
    const hidden = shape.data.httpStatus >= 500 && !(error.cause instanceof AppError && error.cause.details?.maintenance === true);
    const message = error.cause instanceof ZodError ? describeZodError(error.cause) : hidden ? internalErrorMessage : shape.message;
    const details = error.cause instanceof AppError ? error.cause.details : undefined;
    const reason: Reason =
      error.cause instanceof AppError ? error.cause.reason : error.cause instanceof ZodError ? reasonOfIssues(error.cause.issues) : (reasonForStatus(shape.data.httpStatus) ?? 'internal');
    return {
      ...shape,
      message,
      data: {
        code: shape.data.code,
        httpStatus: shape.data.httpStatus,
        path: shape.data.path,
        reason,
        requiresReauth: error.code === 'UNAUTHORIZED' && reason === 'unauthorized' ? true : undefined,
        details,
      },
    };
  },
});

// Services throw AppError; tRPC needs TRPCError with the same code to answer the right status.
function asTrpcError(cause: AppError): TRPCError {
  return new TRPCError({ code: cause.code, message: cause.message, cause });
}

/** A middleware's result with a service's AppError turned into the TRPCError tRPC answers with. */
function withAppErrors<R extends { ok: boolean; error?: { cause?: unknown } }>(result: R): R {
  if (!result.ok && result.error?.cause instanceof AppError) throw asTrpcError(result.error.cause);
  return result;
}

const appErrors = t.middleware(async ({ next }) => withAppErrors(await next()));

export const router = t.router;
export const createCallerFactory = t.createCallerFactory;
export const publicProcedure = t.procedure.use(appErrors);

/**
 * A signed-in, active customer (by session cookie or API key); anything else answers 401 with
 * requiresReauth. `apiKeyId` is set when the call came with an API key rather than a session.
 * One middleware with the AppError mapping of `publicProcedure`, not a second one on top of it: every
 * level of tRPC's middleware chain copies the call's options and context (its compiled object-spread
 * helper was a tenth of the server's CPU for a project list on the embedded database, bench/api).
 */
export const protectedProcedure = t.procedure.use(async ({ ctx, next, path }) => {
  const session = ctx.customer;
  if (session.state !== 'active') {
    const message =
      session.state === 'suspended' ? accountSuspendedMessage : session.state === 'invalid_api_key' ? apiKeyMessages.invalidKey : sessionExpiredMessage;
    throw new TRPCError({ code: 'UNAUTHORIZED', message });
  }
  // Maintenance mode (a back-office setting): customers may still ask who they are (auth.*), nothing else.
  if (!path.startsWith('auth.') && (await ctx.platformStatus()).maintenanceMode) {
    throw asTrpcError(new AppError('SERVICE_UNAVAILABLE', maintenanceMessage, { maintenance: true, reason: 'maintenance' }));
  }
  return withAppErrors(await next({ ctx: { ...ctx, user: session.user, sessionId: session.sessionId, apiKeyId: session.apiKeyId } }));
});

/**
 * A customer signed in with a browser session, not an API key: a leaked key must not be able to mint
 * more keys or revoke its owner's others (docs/decisions.md, "API keys").
 */
export const sessionOnlyProcedure = protectedProcedure.use(({ ctx, next }) => {
  if (ctx.apiKeyId !== null) throw new AppError('FORBIDDEN', apiKeyMessages.browserOnly);
  return next();
});

/**
 * A signed-in back-office admin holding at least one of the given roles (superadmin holds them all).
 * Missing or expired tokens answer 401; a role without the right answers 403.
 *
 * Audited here, once for every admin procedure: a call refused for the role (query or mutation) and a
 * mutation that fails with an error each write one entry with outcome 'refused' / 'failed'. Successful
 * mutations are audited by their services (in their own transaction, with their details); successful
 * and failed reads are not, or the 10-second refreshes would flood the log (docs/decisions.md).
 */
export function adminProcedure(...roles: AdminRole[]) {
  return publicProcedure.use(async ({ ctx, next, path, type, getRawInput }) => {
    if (!ctx.admin) throw new TRPCError({ code: 'UNAUTHORIZED', message: sessionExpiredMessage });
    const actor = { id: ctx.admin.id, email: ctx.admin.email, ip: ctx.ip, role: ctx.admin.role };
    const rawInput = () => getRawInput().catch(() => undefined);
    if (!hasAdminRole(ctx.admin.role, roles)) {
      const message = 'Your admin role does not allow this action.';
      await auditAdminCall(ctx.deps, actor, { path, outcome: 'refused', rawInput: await rawInput(), error: { code: 'FORBIDDEN', httpStatus: 403, message } });
      throw new TRPCError({ code: 'FORBIDDEN', message });
    }
    const result = await next({ ctx: { ...ctx, admin: ctx.admin } });
    if (!result.ok && type === 'mutation') {
      const cause = result.error.cause;
      const code = cause instanceof AppError ? cause.code : result.error.code;
      const httpStatus = getHTTPStatusCodeFromError(new TRPCError({ code }));
      // An unexpected 5xx keeps its text in the server log only (it may name internals), as the error formatter does.
      const message =
        cause instanceof ZodError ? describeZodError(cause) : cause instanceof AppError ? cause.message : httpStatus >= 500 ? internalErrorMessage : result.error.message;
      await auditAdminCall(ctx.deps, actor, { path, outcome: 'failed', rawInput: await rawInput(), error: { code, httpStatus, message } });
    }
    return result;
  });
}

// The back-office role policy (docs/decisions.md, "Admin roles"). Every admin procedure uses one of these.
/** Reads: every role. */
export const adminReadProcedure = adminProcedure('support', 'admin');
/** Suspending and activating customers: every role. */
export const userModerationProcedure = adminProcedure('support', 'admin');
/** Subscriptions, refunds, adjustments, e-mail templates and sends, system settings: admin and superadmin. */
export const adminManageProcedure = adminProcedure('admin');
/** Admin accounts: superadmin only. */
export const superadminProcedure = adminProcedure('superadmin');
