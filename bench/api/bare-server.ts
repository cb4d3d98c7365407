// The bare-tool baseline of bench/api --baseline: `GET /api/projects` done with plain Fastify and `pg`
// in a process of its own, on the same database as the app. The same two statements the app sends
// (packages/db's findSessionByTokenHash, then listProjectRows with the list's window of 500), the same
// session rules (the cookie's token hashed with SHA-256; ended, expired or suspended sessions answer
// 401, and the session's last activity is touched at most once a minute, as resolveCustomerSession
// does), the same JSON (toProject's keys, dates as JSON.stringify writes them), the same status,
// content-type and cache-control, compressed as the app's @fastify/compress is set up (Brotli quality 4,
// else gzip, from 1 KiB). A pool of DATABASE_POOL_MAX connections (default 10, as the app's). What it
// leaves out is what makes it bare: no logging, rate limits, security headers, tRPC, input or output
// schemas, no lenient re-reading of the stored JSON (it is sent as PostgreSQL hands it back).
//
// Spoken to over IPC like bench/api/server.ts: it answers `listening`, then `stats` (its CPU time,
// statements sent) when asked.
//
//   DATABASE_URL=postgres://… node bench/api/bare-server.ts
import { createHash } from 'node:crypto';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import Fastify, { type FastifyReply } from 'fastify';
import pg from 'pg';

import { answerBench } from '../bare-process.ts';

/** What it counts: SQL statements sent. */
export type ApiBareCounters = { queries: number };

const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) throw new Error('bare-server: DATABASE_URL is required (PostgreSQL)');

// As packages/db/src/client.ts: int8 and numeric as JS numbers.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number.parseInt(v, 10));
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (v) => Number.parseFloat(v));

/** The statement findSessionByTokenHash sends (packages/db/src/repositories/user-sessions.ts). */
const sessionSql =
  'select "s"."id", "s"."user_id", "s"."login_at", "s"."last_activity_at", "s"."expires_at", "s"."ended_at", "u"."email", "u"."first_name", "u"."last_name", ' +
  '"u"."profile_image_url", "u"."is_active", "u"."created_at", "u"."google_sub" from "user_sessions" as "s" inner join "users" as "u" on "u"."id" = "s"."user_id" ' +
  'where "s"."token_hash" = $1';
/** The statement listProjectRows sends (packages/db/src/repositories/projects.ts), with the plain list's window. */
const projectsSql =
  'select "p"."id", "p"."user_id", "p"."title", "p"."status", "p"."aspect", "p"."reel_time", "p"."current_step", "p"."scenes", "p"."params", "p"."assets", ' +
  '"p"."last_error", "p"."created_at", "p"."updated_at", "p"."version", "s"."short_id", "s"."views" from "projects" as "p" left join "shares" as "s" ' +
  'on "s"."project_id" = "p"."id" where "p"."user_id" = $1 order by "p"."updated_at" desc, "p"."id" limit $2 offset $3';
const touchSql = 'update "user_sessions" set "last_activity_at" = $1 where "id" = $2';
const endSql = 'update "user_sessions" set "ended_at" = $1, "end_reason" = $2 where "id" = $3 and "ended_at" is null';

interface SessionRow {
  id: string;
  user_id: string;
  last_activity_at: Date;
  expires_at: Date;
  ended_at: Date | null;
  is_active: boolean;
}

interface ProjectRow {
  id: string;
  title: string;
  status: string;
  aspect: string;
  reel_time: number;
  current_step: number;
  scenes: unknown;
  params: unknown;
  assets: unknown;
  last_error: string | null;
  created_at: Date;
  updated_at: Date;
  version: number;
  short_id: string | null;
  views: number | null;
}

const pool = new pg.Pool({ connectionString: databaseUrl, max: Number(process.env.DATABASE_POOL_MAX ?? 10) });
pool.on('error', () => {});
let queries = 0;
const query = <R extends pg.QueryResultRow>(text: string, values: unknown[]) => {
  queries += 1;
  return pool.query<R>(text, values);
};

/** The customer session cookie's name (packages/shared's CUSTOMER_SESSION_COOKIE). */
const cookieName = 'rs_session';

function sessionToken(header: string | undefined): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0 || part.slice(0, eq).trim() !== cookieName) continue;
    const value = part.slice(eq + 1).trim();
    return value.includes('%') ? decodeURIComponent(value) : value;
  }
  return undefined;
}

const sessionExpired = 'Session expired - please login again';
const suspended = 'Your account has been suspended. Please contact support.';
const refusal = (message: string) => ({ error: message, message, code: 'UNAUTHORIZED', requiresReauth: true, reason: 'unauthorized' });

/** The user id of a live session, or the 401's message (the rules of resolveCustomerSession). */
async function customerOf(token: string | undefined): Promise<{ userId: string } | { refused: string }> {
  if (!token) return { refused: sessionExpired };
  const { rows } = await query<SessionRow>(sessionSql, [createHash('sha256').update(token).digest('hex')]);
  const found = rows[0];
  if (!found) return { refused: sessionExpired };
  const now = new Date();
  if (found.ended_at) return { refused: found.is_active ? sessionExpired : suspended };
  if (found.expires_at.getTime() <= now.getTime()) {
    await query(endSql, [now, 'expired', found.id]);
    return { refused: sessionExpired };
  }
  if (!found.is_active) {
    await query(endSql, [now, 'suspended', found.id]);
    return { refused: suspended };
  }
  if (now.getTime() - found.last_activity_at.getTime() > 60_000) await query(touchSql, [now, found.id]);
  return { userId: found.user_id };
}

function answer(reply: FastifyReply, acceptEncoding: string | undefined, status: number, body: unknown): FastifyReply {
  const text = Buffer.from(JSON.stringify(body));
  reply.status(status).header('cache-control', 'no-store').header('content-type', 'application/json; charset=utf-8');
  if (text.length < 1024 || !acceptEncoding) return reply.send(text);
  if (acceptEncoding.includes('br')) {
    return reply.header('content-encoding', 'br').header('vary', 'accept-encoding').send(brotliCompressSync(text, { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } }));
  }
  if (acceptEncoding.includes('gzip')) return reply.header('content-encoding', 'gzip').header('vary', 'accept-encoding').send(gzipSync(text));
  return reply.send(text);
}

const app = Fastify({ logger: false });
app.get('/api/projects', async (request, reply) => {
  const customer = await customerOf(sessionToken(request.headers.cookie));
  if ('refused' in customer) return answer(reply, request.headers['accept-encoding'], 401, refusal(customer.refused));
  const { rows } = await query<ProjectRow>(projectsSql, [customer.userId, 500, 0]);
  const projects = rows.map((row) => ({
    id: row.id,
    title: row.title,
    status: row.status,
    aspect: row.aspect,
    reelTime: row.reel_time,
    currentStep: row.current_step,
    scenes: row.scenes ?? [],
    params: row.params ?? {},
    assets: row.assets ?? {},
    lastError: row.last_error,
    share: row.short_id ? { shortId: row.short_id, views: row.views ?? 0 } : null,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    version: row.version,
  }));
  return answer(reply, request.headers['accept-encoding'], 200, projects);
});
await app.listen({ host: '127.0.0.1', port: 0 });
const address = app.server.address();
const port = typeof address === 'object' && address ? address.port : 0;

const close = async () => {
  await app.close();
  await pool.end();
  process.exit(0);
};

answerBench(port, () => ({ queries }), close);
