// Our own calls, written against the client types generated from /api/openapi.json by
// openapi-typescript (scripts/generate-openapi-client.ts writes them before tsc runs; see `typecheck`).
// Nothing here runs: it only has to typecheck. A document that drifts from what our code sends and
// reads (a renamed field, a missing one, a wrong type, a path our calls use gone) fails `pnpm typecheck`.
import type { inferRouterInputs, inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '@reelsmith/api';
import type { CurrentUser, ReelDuration } from '@reelsmith/shared';
import type { operations, paths } from './openapi-client.generated.ts';

type JsonBody<T> = T extends { requestBody?: { content: { 'application/json': infer B } } } ? B : never;
type Success<T> = T extends { responses: infer R } ? ('200' extends keyof R ? R['200'] : 200 extends keyof R ? R[200] : 201 extends keyof R ? R[201] : never) : never;
type JsonAnswer<T> = Success<T> extends { content: { 'application/json': infer A } } ? A : never;
/** The operation's path parameters ({} when it has none). */
type PathParams<T> = T extends { parameters: { path: infer P } } ? P : Record<never, never>;

/** A typed fetch for one operation, as a client generated from the document would offer it. */
declare function request<P extends keyof paths, M extends 'get' | 'post' | 'put' | 'patch' | 'delete'>(
  path: P,
  method: M,
  init: { params?: PathParams<paths[P][M]>; body?: JsonBody<paths[P][M]> },
): Promise<JsonAnswer<paths[P][M]>>;

// --- The REST calls our apps make, as they make them -------------------------------------------------
// (Mirrored here rather than imported: apps/server's typecheck does not depend on the apps' sources.)

/** apps/web features/auth/current-user.ts: the auth-user answer, with dates as ISO strings on the wire. */
type CurrentUserResponse = Omit<CurrentUser, 'createdAt'> & { createdAt: string };

/** apps/admin features/auth/admin-user.ts: the signed-in administrator as the login call answers it. */
interface AdminUser {
  id: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  role: 'admin' | 'superadmin' | 'support';
  isActive: boolean;
}

/** apps/web use-current-user.ts: GET /api/auth/user, read as CurrentUserResponse. */
export async function currentUser(): Promise<CurrentUserResponse> {
  return request('/api/auth/user', 'get', {});
}

/** apps/admin admin-login.ts: POST /api/admin/login with the trimmed e-mail and the password; reads `{ token, admin }`. */
export async function adminLogin(credentials: { email: string; password: string }): Promise<{ token: string; admin: AdminUser }> {
  const answer = await request('/api/admin/login', 'post', { body: { email: credentials.email.trim(), password: credentials.password } });
  return { token: answer.token, admin: answer.admin };
}

/** apps/admin admin-logout.ts: POST /api/admin/logout, no body. */
export async function adminLogout(): Promise<void> {
  await request('/api/admin/logout', 'post', {});
}

/**
 * The web app's first step: a new project with the chosen reel time and aspect; it reads the id and
 * status. The reel time is one of the listed durations, as the document (like the server) requires.
 */
export async function createProject(reelTime: ReelDuration): Promise<{ id: string; status: string; reelTime: number | null }> {
  const body: paths['/api/projects']['post']['requestBody']['content']['application/json'] = { reelTime, aspect: '9:16' };
  const project = await request('/api/projects', 'post', { body });
  return { id: project.id, status: project.status, reelTime: project.reelTime };
}

/** The back office suspends a customer: the user id travels in the path, only isActive in the body. */
export async function suspend(userId: string): Promise<boolean> {
  const answer = await request('/api/admin/users/{userId}/status', 'patch', { params: { userId }, body: { isActive: false } });
  return answer.isActive;
}

/** The back office adds credits: a union body, without the subscription id (it is in the path). */
export async function addCredits(subscriptionId: string, credits: number): Promise<number> {
  const answer = await request('/api/admin/subscriptions/{subscriptionId}/adjust', 'post', {
    params: { subscriptionId },
    body: { type: 'add_credits', payload: { credits, unit: 'videos' }, reason: 'Goodwill' },
  });
  return answer.bonusCredits;
}

// --- Every operation against its tRPC procedure -------------------------------------------------------
// Our apps call the same procedures over tRPC. Each operation's id names its procedure, so the
// generated types must agree with the procedure's own input and output types: every field our code
// sends is documented (and whatever the document lets a client send, the procedure takes), and the
// documented answer is the procedure's output as JSON (dates as strings) in both directions.

type Inputs = inferRouterInputs<AppRouter>;
type Outputs = inferRouterOutputs<AppRouter>;
type At<T, Path extends string> = Path extends `${infer Head}.${infer Rest}` ? (Head extends keyof T ? At<T[Head], Rest> : never) : Path extends keyof T ? T[Path] : never;

/** A value as JSON carries it. */
type Json<T> = T extends Date ? string : T extends readonly (infer U)[] ? Json<U>[] : T extends object ? { [K in keyof T]: Json<T[K]> } : T;
type OmitEach<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;
type KeysOf<T> = T extends unknown ? keyof T : never;
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;

type Documented<Op> = Op extends { requestBody: { content: { 'application/json': infer B } } }
  ? B
  : Op extends { parameters: { query?: infer Q } }
    ? [Q] extends [undefined] ? undefined : Exclude<Q, undefined>
    : undefined;
/** The procedure's input without what travels in the path (undefined when nothing is left). */
type Sent<Op, In> = [In] extends [undefined | void] ? undefined : [KeysOf<Exclude<In, undefined | void>>] extends [keyof PathParams<Op>] ? undefined : OmitEach<Exclude<In, undefined | void>, keyof PathParams<Op>>;

type InputAgrees<Op, In> =
  Same<Documented<Op>, undefined> extends true
    ? Same<Sent<Op, In>, undefined>
    : [Same<KeysOf<Documented<Op>>, KeysOf<Sent<Op, In>>>, [Documented<Op> & PathParams<Op>] extends [Exclude<In, undefined | void>] ? true : false] extends [true, true]
      ? true
      : false;
type OutputAgrees<Op, Out> = Same<JsonAnswer<Op>, Json<Out>>;

type Agreement = {
  [Id in keyof operations & string]: { input: InputAgrees<operations[Id], At<Inputs, Id>>; output: OutputAgrees<operations[Id], At<Outputs, Id>> };
};
type Agreed = { [Id in keyof operations]: { input: true; output: true } };

// A mismatch names the operation and the side: "Types of property 'projects.create' are incompatible".
export const everyOperationAgrees: Agreed = null as unknown as Agreement;
