import { sql, type RawBuilder } from 'kysely';
import type { Executor } from './users.ts';

// The Overview's charts: one query per series, counted per UTC day, week (from Monday) or month, with
// generate_series supplying every bucket of the range so an empty one reads 0.

export type SeriesBucket = 'day' | 'week' | 'month';

/** The whole UTC days `from`..`to` (YYYY-MM-DD, both included) and the bucket width. */
export interface SeriesWindow {
  from: string;
  to: string;
  bucket: SeriesBucket;
}

export interface SeriesPoint {
  /** The bucket's first day, YYYY-MM-DD (UTC). */
  date: string;
  value: number;
}

/**
 * `value` summed per bucket over the rows of `source` whose `at` falls in the window. `at` is a
 * timestamptz read in UTC; the window's ends are whole UTC days.
 */
async function perBucket(db: Executor, window: SeriesWindow, source: { from: RawBuilder<unknown>; at: RawBuilder<unknown>; value: RawBuilder<unknown>; where: RawBuilder<unknown> }) {
  const unit = window.bucket;
  const step = `1 ${unit}`;
  const result = await sql<{ bucket: string; value: string | number }>`
    with buckets as (
      select generate_series(date_trunc(${unit}, ${window.from}::date::timestamp), date_trunc(${unit}, ${window.to}::date::timestamp), ${step}::interval) as bucket
    ),
    rows as (
      select date_trunc(${unit}, ${source.at} at time zone 'UTC') as bucket, ${source.value} as value
        from ${source.from}
       where ${source.where}
         and ${source.at} >= (${window.from}::date::timestamp at time zone 'UTC')
         and ${source.at} < ((${window.to}::date + 1)::timestamp at time zone 'UTC')
    )
    select to_char(b.bucket, 'YYYY-MM-DD') as bucket, coalesce(sum(r.value), 0) as value
      from buckets b
      left join rows r on r.bucket = b.bucket
     group by b.bucket
     order by b.bucket`.execute(db);
  return result.rows.map((row): SeriesPoint => ({ date: row.bucket, value: Number(row.value) }));
}

/** Customers who signed up, per bucket. */
export function signupsPerBucket(db: Executor, window: SeriesWindow): Promise<SeriesPoint[]> {
  return perBucket(db, window, { from: sql`users`, at: sql.ref('created_at'), value: sql`1`, where: sql`true` });
}

/**
 * Revenue in cents per bucket: payments that succeeded on that day (later refunded ones too) minus
 * what of them has been refunded since, as the Overview's revenue card counts, so the buckets add up to it.
 */
export function netRevenueCentsPerBucket(db: Executor, window: SeriesWindow): Promise<SeriesPoint[]> {
  return perBucket(db, window, {
    from: sql`transactions`,
    at: sql.ref('transaction_date'),
    value: sql`(amount_cents - refunded_cents)`,
    where: sql`status in ('succeeded', 'partially_refunded', 'refunded')`,
  });
}

/** Projects created, per bucket (deleted projects are gone from the count). */
export function projectsPerBucket(db: Executor, window: SeriesWindow): Promise<SeriesPoint[]> {
  return perBucket(db, window, { from: sql`projects`, at: sql.ref('created_at'), value: sql`1`, where: sql`true` });
}

/** Final videos made (a merge job that succeeded), per bucket of when it finished. */
export function videosPerBucket(db: Executor, window: SeriesWindow): Promise<SeriesPoint[]> {
  return perBucket(db, window, { from: sql`generation_jobs`, at: sql.ref('finished_at'), value: sql`1`, where: sql`kind = 'final' and status = 'succeeded'` });
}
