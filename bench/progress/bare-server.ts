// The bare-tool baseline of bench/progress: what the app's progress fan-out does (packages/db's
// listenToChannel, packages/core's JobEvents, packages/api's generation.progress over tRPC's SSE), done
// with plain Fastify and `pg` in a process of its own. One connection LISTENs on `generation_jobs` (the
// trigger's payload is the job's project id); each announcement of a followed project is read once (the
// same statement and columns as listLatestJobRows: the project's 20 newest jobs, a read that a change
// arrives during followed by one more), serialised once, and written to every open stream of the
// project as a server-sent event with an `id:` line. The event is byte for byte what the app sends (the
// list as superjson writes it, the id as jobsSnapshotId makes it), and a stream is not sent the list it
// already shows. No sign-in or access check: the streams are open before anything is measured.
//
// Spoken to over IPC like bench/api/server.ts: it answers `listening`, then `stats` (its CPU time, reads,
// events written) when asked.
//
//   DATABASE_URL=postgres://… node bench/progress/bare-server.ts
import { createHash } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import Fastify from 'fastify';
import pg from 'pg';

import { answerBench } from '../bare-process.ts';

export type ProgressBareCounters = {
  /** Reads of a project's recent jobs (the only statements it sends after LISTEN). */
  reads: number;
  /** Events written to streams. */
  eventsWritten: number;
  streams: number;
};

const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) throw new Error('bare-server: DATABASE_URL is required (PostgreSQL)');

/** The statement listLatestJobRows sends (packages/db/src/repositories/generation-jobs.ts). */
const latestJobsSql =
  'select "id", "project_id", "kind", "status", "stage", "percent", "error", "error_reason", "attempts", "created_at", "started_at", "finished_at", "user_id", "input" ' +
  'from "generation_jobs" where "project_id" = $1 order by "created_at" desc limit $2';

interface JobRow {
  id: string;
  project_id: string;
  kind: string;
  status: string;
  stage: string;
  percent: number;
  error: string | null;
  error_reason: string | null;
  attempts: number;
  created_at: Date;
  started_at: Date | null;
  finished_at: Date | null;
}

interface Stream {
  res: ServerResponse;
  /** The id of the list it shows. */
  lastId: string | null;
}

interface Feed {
  streams: Set<Stream>;
  reading: boolean;
  again: boolean;
}

const pool = new pg.Pool({ connectionString: databaseUrl, max: 2 });
const listener = new pg.Client({ connectionString: databaseUrl });
const feeds = new Map<string, Feed>();
let reads = 0;
let eventsWritten = 0;

/** The event the app sends for this list: `tracked(jobsSnapshotId(jobs), jobs)` through superjson. */
function eventOf(rows: JobRow[]): { id: string; text: string } {
  const jobs = rows.map((r) => ({
    id: r.id,
    projectId: r.project_id,
    kind: r.kind,
    status: r.status,
    stage: r.stage,
    percent: r.percent,
    error: r.error,
    reason: r.error_reason,
    attempts: r.attempts,
    createdAt: r.created_at,
    startedAt: r.started_at,
    finishedAt: r.finished_at,
  }));
  const shown = jobs.map((j) => [j.id, j.status, j.stage, j.percent, j.error, j.reason, j.attempts]);
  const id = createHash('sha256').update(JSON.stringify(shown)).digest('base64url').slice(0, 22);
  const values: Record<string, ['Date']> = {};
  jobs.forEach((j, i) => {
    for (const key of ['createdAt', 'startedAt', 'finishedAt'] as const) if (j[key]) values[`${i}.${key}`] = ['Date'];
  });
  const data = JSON.stringify({ json: jobs, meta: { values, v: 1 } });
  return { id, text: `id: ${id}\ndata: ${data}\n\n` };
}

async function read(projectId: string, feed: Feed): Promise<void> {
  if (feed.reading) {
    feed.again = true;
    return;
  }
  feed.reading = true;
  try {
    do {
      feed.again = false;
      if (feed.streams.size === 0) return;
      reads += 1;
      const { rows } = await pool.query<JobRow>(latestJobsSql, [projectId, 20]);
      const event = eventOf(rows);
      for (const stream of feed.streams) {
        if (stream.lastId === event.id) continue;
        stream.lastId = event.id;
        stream.res.write(event.text);
        eventsWritten += 1;
      }
    } while (feed.again);
  } catch (err) {
    console.error('bare-server: reading the jobs failed', err);
  } finally {
    feed.reading = false;
  }
}

listener.on('notification', (msg) => {
  if (msg.channel !== 'generation_jobs' || !msg.payload) return;
  const feed = feeds.get(msg.payload);
  if (feed) void read(msg.payload, feed);
});
listener.on('error', (err) => {
  console.error('bare-server: the listening connection failed', err);
  process.exit(1);
});
await listener.connect();
await listener.query('LISTEN generation_jobs');

const app = Fastify({ logger: false });
app.get<{ Params: { projectId: string } }>('/progress/:projectId', (request, reply) => {
  const { projectId } = request.params;
  reply.hijack();
  const res = reply.raw;
  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache, no-transform', connection: 'keep-alive' });
  let feed = feeds.get(projectId);
  if (!feed) {
    feed = { streams: new Set(), reading: false, again: false };
    feeds.set(projectId, feed);
  }
  const stream: Stream = { res, lastId: null };
  feed.streams.add(stream);
  const current = feed;
  res.on('close', () => {
    current.streams.delete(stream);
    if (current.streams.size === 0 && feeds.get(projectId) === current) feeds.delete(projectId);
  });
  // The current list for the new stream (a change announced meanwhile is read again).
  void read(projectId, current);
});
await app.listen({ host: '127.0.0.1', port: 0 });
const address = app.server.address();
const port = typeof address === 'object' && address ? address.port : 0;

const close = async () => {
  for (const feed of feeds.values()) for (const stream of feed.streams) stream.res.end();
  await app.close();
  await listener.end();
  await pool.end();
  process.exit(0);
};

answerBench(
  port,
  () => {
    let streams = 0;
    for (const feed of feeds.values()) streams += feed.streams.size;
    return { reads, eventsWritten, streams };
  },
  close,
);
