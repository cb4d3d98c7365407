import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from './testing.ts';

// The hand-kept Database type must list exactly the live columns; this is its source of truth.
const expected: Record<string, string[]> = {
  users: ['id', 'google_sub', 'email', 'first_name', 'last_name', 'profile_image_url', 'is_active', 'stripe_customer_id', 'last_login_at', 'created_at', 'updated_at'],
  user_daily_usage: ['user_id', 'day', 'videos', 'projects'],
  api_keys: ['id', 'user_id', 'name', 'prefix', 'key_hash', 'created_at', 'last_used_at', 'revoked_at'],
  webhook_endpoints: ['id', 'user_id', 'url', 'description', 'secret', 'created_at', 'deleted_at'],
  webhook_events: ['id', 'user_id', 'job_id', 'type', 'body', 'created_at', 'delivery_claimed_at', 'deliveries_queued_at'],
  webhook_deliveries: ['id', 'event_id', 'endpoint_id', 'attempt', 'status_code', 'error', 'duration_ms', 'next_retry_at', 'created_at'],
  user_sessions: ['id', 'user_id', 'token_hash', 'user_agent', 'ip', 'country', 'city', 'login_at', 'last_activity_at', 'expires_at', 'ended_at', 'end_reason'],
  plans: ['id', 'code', 'name', 'description', 'billing_interval', 'price_cents', 'currency', 'features', 'allow_download', 'video_limit', 'max_reel_seconds', 'allowed_qualities', 'watermark', 'stripe_price_id', 'sort_order', 'is_active', 'created_at', 'updated_at'],
  subscriptions: ['id', 'user_id', 'plan_id', 'status', 'start_date', 'end_date', 'cancel_at_period_end', 'cancelled_at', 'documents_used', 'bonus_credits', 'stripe_subscription_id', 'stripe_checkout_session_id', 'created_at', 'updated_at'],
  transactions: ['id', 'user_id', 'subscription_id', 'plan_id', 'amount_cents', 'refunded_cents', 'currency', 'status', 'description', 'stripe_checkout_session_id', 'stripe_invoice_id', 'stripe_payment_intent_id', 'stripe_charge_id', 'stripe_receipt_url', 'transaction_date', 'created_at'],
  refunds: ['id', 'transaction_id', 'amount_cents', 'reason', 'status', 'stripe_refund_id', 'created_by_admin_id', 'created_at'],
  subscription_adjustments: ['id', 'subscription_id', 'type', 'payload', 'reason', 'created_by_admin_id', 'created_at'],
  payment_events: ['id', 'provider', 'type', 'processed_at'],
  checkout_sessions: ['id', 'provider', 'user_id', 'plan_id', 'mode', 'status', 'amount_cents', 'currency', 'created_at', 'completed_at'],
  projects: ['id', 'user_id', 'title', 'status', 'aspect', 'reel_time', 'current_step', 'scenes', 'params', 'assets', 'industry', 'last_error', 'created_at', 'updated_at', 'version'],
  shares: ['id', 'project_id', 'short_id', 'views', 'is_public', 'created_at'],
  share_view_log: ['share_id', 'viewer_key', 'window_start'],
  generation_jobs: ['id', 'project_id', 'user_id', 'kind', 'status', 'stage', 'percent', 'input', 'result', 'error', 'attempts', 'queue_job_id', 'created_at', 'started_at', 'finished_at', 'updated_at', 'error_reason'],
  generation_costs: ['id', 'job_id', 'project_id', 'user_id', 'capability', 'provider', 'model', 'unit', 'quantity', 'amount_usd', 'created_at', 'price_source'],
  credit_returns: ['id', 'project_id', 'user_id', 'subscription_id', 'job_id', 'reason', 'returned_at', 'retaken_at'],
  provider_credit_states: ['provider', 'out_of_credit_since', 'last_out_of_credit_at', 'restored_at', 'updated_at'],
  provider_callbacks: ['provider', 'external_id', 'expected_at', 'completed_at', 'status'],
  idempotency_keys: ['id', 'user_id', 'method', 'path', 'key', 'fingerprint', 'status_code', 'response_headers', 'response_body', 'locked_at', 'expires_at', 'created_at'],
  voices: ['provider', 'provider_voice_id', 'name', 'gender', 'age', 'situation', 'language', 'accent', 'description', 'emoji', 'preview_url', 'sort_order', 'is_active', 'synced_at', 'created_at'],
  stripe_ids: ['account', 'kind', 'local_key', 'stripe_id', 'created_at'],
  admins: ['id', 'email', 'password_hash', 'first_name', 'last_name', 'role', 'is_active', 'is_main', 'failed_login_attempts', 'locked_until', 'last_login_at', 'created_at', 'updated_at'],
  admin_tokens: ['id', 'admin_id', 'token_hash', 'ip', 'user_agent', 'created_at', 'last_used_at', 'expires_at', 'revoked_at'],
  audit_logs: ['id', 'created_at', 'action', 'severity', 'user_type', 'admin_id', 'admin_email', 'ip_address', 'resource_type', 'resource_id', 'details', 'outcome', 'target_user_id'],
  email_templates: ['id', 'name', 'subject', 'description', 'html_content', 'text_content', 'is_active', 'created_at', 'updated_at'],
  email_logs: ['id', 'recipient_email', 'subject', 'email_type', 'template_id', 'user_id', 'send_status', 'error_message', 'html_content', 'text_content', 'message_id', 'sent_at', 'created_at', 'updated_at', 'delivery_attempts'],
  system_settings: ['key', 'value', 'updated_by_admin_id', 'updated_at'],
};

describe.each(testDatabaseKinds())('migrated schema on %s', (kind) => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase(kind);
  });
  afterAll(async () => {
    await t.close();
  });

  it('has exactly the tables and columns of the Database type', async () => {
    const rows = await sql<{ table_name: string; column_name: string }>`
      SELECT table_name, column_name FROM information_schema.columns
      WHERE table_schema = 'public' AND table_name NOT LIKE 'kysely_%'
      ORDER BY table_name, ordinal_position`.execute(t.db);
    const live: Record<string, string[]> = {};
    for (const r of rows.rows) (live[r.table_name] ??= []).push(r.column_name);
    expect(live).toEqual(expected);
  });

  it('uses timestamptz for every timestamp column', async () => {
    const rows = await sql<{ n: number }>`
      SELECT count(*)::int AS n FROM information_schema.columns
      WHERE table_schema = 'public' AND data_type = 'timestamp without time zone'`.execute(t.db);
    expect(rows.rows[0]?.n).toBe(0);
  });

  it('is idempotent: migrating again changes nothing', async () => {
    const { migrateToLatest } = await import('./migrator.ts');
    const again = await migrateToLatest(t.db);
    expect(again.results).toEqual([]);
  });

  it('maintains updated_at in the database', async () => {
    const user = await t.db
      .insertInto('users')
      .values({ email: 'stamp@example.com', first_name: 'A', last_name: null, profile_image_url: null, google_sub: null, stripe_customer_id: null })
      .returning(['id', 'updated_at'])
      .executeTakeFirstOrThrow();
    await new Promise((r) => setTimeout(r, 20));
    const after = await t.db.updateTable('users').set({ first_name: 'B' }).where('id', '=', user.id).returning('updated_at').executeTakeFirstOrThrow();
    expect(after.updated_at.getTime()).toBeGreaterThan(user.updated_at.getTime());
  });

  it.each([
    ['an upper-case e-mail', /users_email_check/, sql`INSERT INTO users (email) VALUES ('Bad@Example.com')`],
    ['a duplicate e-mail', /users_email_key/, sql`INSERT INTO users (email) VALUES ('dup@example.com'), ('dup@example.com')`],
    ['an unknown project status', /projects_status_check/, sql`INSERT INTO projects (user_id, title, status) SELECT id, 't', 'Finished' FROM users LIMIT 1`],
    ['an unsupported aspect', /projects_aspect_check/, sql`INSERT INTO projects (user_id, title, aspect) SELECT id, 't', '2:1' FROM users LIMIT 1`],
    ['a reel time outside the allowed durations', /projects_reel_time_check/, sql`INSERT INTO projects (user_id, title, reel_time) SELECT id, 't', 21 FROM users LIMIT 1`],
    ['a step outside 1 to 6', /projects_current_step_check/, sql`INSERT INTO projects (user_id, title, current_step) SELECT id, 't', 7 FROM users LIMIT 1`],
    ['a blank title', /projects_title_check/, sql`INSERT INTO projects (user_id, title) SELECT id, '' FROM users LIMIT 1`],
    ['a short share id', /shares_short_id_check/, sql`INSERT INTO shares (project_id, short_id) SELECT id, 'abc' FROM projects LIMIT 1`],
    ['a second share for one project', /shares_project_id_key/, sql`INSERT INTO shares (project_id, short_id) SELECT id, s FROM projects, (VALUES ('aaaaaaaaaaaa'), ('bbbbbbbbbbbb')) v(s)`],
    ['a refund larger than the payment', /transactions_check/, sql`INSERT INTO transactions (user_id, amount_cents, refunded_cents, status) SELECT id, 100, 101, 'succeeded' FROM users LIMIT 1`],
    ['a long adjustment reason', /subscription_adjustments_reason_check/, sql`INSERT INTO subscription_adjustments (subscription_id, type, reason) VALUES (gen_random_uuid(), 'extend', repeat('x', 201))`],
    ['an unknown admin role', /admins_role_check/, sql`INSERT INTO admins (email, password_hash, role) VALUES ('a@example.com', 'x', 'root')`],
    ['a project of a missing user', /projects_user_id_fkey/, sql`INSERT INTO projects (user_id, title) VALUES (gen_random_uuid(), 't')`],
  ])('refuses %s', async (_label, constraint, statement) => {
    const owner = await t.db
      .insertInto('users')
      .values({ email: 'owner@example.com', first_name: null, last_name: null, profile_image_url: null, google_sub: null, stripe_customer_id: null })
      .onConflict((oc) => oc.column('email').doUpdateSet({ first_name: null }))
      .returning('id')
      .executeTakeFirstOrThrow();
    const existing = await t.db.selectFrom('projects').select('id').where('user_id', '=', owner.id).executeTakeFirst();
    if (!existing) await t.db.insertInto('projects').values({ user_id: owner.id, title: 'Owned', industry: null, last_error: null }).execute();
    await expect(statement.execute(t.db)).rejects.toThrow(constraint);
  });
});
