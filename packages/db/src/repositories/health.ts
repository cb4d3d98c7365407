import { sql } from 'kysely';
import type { Executor } from './users.ts';

/** One round trip to the database (the health check). */
export async function pingDatabase(db: Executor): Promise<void> {
  await sql`SELECT 1`.execute(db);
}
