import { sql, type Kysely } from 'kysely';

// Where each recorded charge's unit price came from: 'default' (the built-in list, by model id),
// 'env:<VARIABLE>' (the operator's REPLICATE_PRICES, OPENAI_PRICES, …) or 'config'. Rows recorded
// before this column say 'unrecorded': their source was not kept.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE generation_costs ADD COLUMN IF NOT EXISTS price_source text NOT NULL DEFAULT 'unrecorded' CHECK (price_source <> '')`.execute(db);
}
