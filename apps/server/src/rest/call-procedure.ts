import { TRPCError } from '@trpc/server';
import { getHTTPStatusCodeFromError } from '@trpc/server/http';
import { ZodError } from 'zod';
import { appRouter, createCallerFactory, type ApiContext } from '@reelsmith/api';
import { AppError, describeIssues, reasonForStatus, reasonOfIssues, type Reason } from '@reelsmith/shared';

const createCaller = createCallerFactory(appRouter);

type ProcedureFn = (input: unknown) => Promise<unknown>;

/** Looks up a procedure of the server-side caller by its dotted path. */
export function procedureOf(ctx: ApiContext, path: string): ProcedureFn {
  let node: unknown = createCaller(ctx);
  for (const key of path.split('.')) node = (node as Record<string, unknown>)[key];
  if (typeof node !== 'function') throw new Error(`no procedure at ${path}`);
  return node as ProcedureFn;
}

export interface RestFailure {
  status: number;
  message: string;
  reason: Reason;
  details: Record<string, unknown> | undefined;
}

/** Maps an error thrown by a procedure call to the status and message the REST shim answers. */
export function restFailure(err: unknown): RestFailure | undefined {
  if (!(err instanceof TRPCError)) return undefined;
  const status = getHTTPStatusCodeFromError(err);
  if (err.cause instanceof ZodError) {
    return { status: 400, message: describeIssues(err.cause.issues), reason: reasonOfIssues(err.cause.issues), details: undefined };
  }
  if (err.cause instanceof AppError) return { status, message: err.message, reason: err.cause.reason, details: err.cause.details };
  return { status, message: err.message, reason: reasonForStatus(status) ?? 'internal', details: undefined };
}
