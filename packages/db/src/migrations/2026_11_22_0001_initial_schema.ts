import { sql, type Kysely } from 'kysely';

// One statement per entry: the embedded driver runs each through the extended protocol.
const statements = [
  `CREATE FUNCTION set_updated_at() RETURNS trigger LANGUAGE plpgsql AS $$
   BEGIN NEW.updated_at := now(); RETURN NEW; END $$`,

  // Customers
  `CREATE TABLE users (
     id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
     google_sub text UNIQUE,
     email text NOT NULL CHECK (email = lower(email) AND position('@' in email) > 1 AND length(email) <= 320),
     first_name text CHECK (length(first_name) <= 100),
     last_name text CHECK (length(last_name) <= 100),
     profile_image_url text CHECK (length(profile_image_url) <= 2048),
     is_active boolean NOT NULL DEFAULT true,
     stripe_customer_id text UNIQUE,
     last_login_at timestamptz,
     created_at timestamptz NOT NULL DEFAULT now(),
     updated_at timestamptz NOT NULL DEFAULT now()
   )`,
  `CREATE UNIQUE INDEX users_email_key ON users (email)`,
  `CREATE INDEX users_created_at_idx ON users (created_at)`,

  `CREATE TABLE user_daily_usage (
     user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
     day date NOT NULL,
     videos integer NOT NULL DEFAULT 0 CHECK (videos >= 0),
     projects integer NOT NULL DEFAULT 0 CHECK (projects >= 0),
     PRIMARY KEY (user_id, day)
   )`,

  `CREATE TABLE user_sessions (
     id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
     user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
     token_hash text NOT NULL UNIQUE CHECK (length(token_hash) = 64),
     user_agent text CHECK (length(user_agent) <= 1024),
     ip text CHECK (length(ip) <= 64),
     country text CHECK (length(country) <= 100),
     city text CHECK (length(city) <= 200),
     login_at timestamptz NOT NULL DEFAULT now(),
     last_activity_at timestamptz NOT NULL DEFAULT now(),
     expires_at timestamptz NOT NULL,
     ended_at timestamptz,
     end_reason text CHECK (end_reason IN ('logout', 'suspended', 'expired', 'revoked')),
     CHECK (expires_at > login_at)
   )`,
  `CREATE INDEX user_sessions_user_idx ON user_sessions (user_id, login_at DESC)`,
  `CREATE INDEX user_sessions_active_idx ON user_sessions (expires_at) WHERE ended_at IS NULL`,

  // Plans and billing
  `CREATE TABLE plans (
     id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
     code text NOT NULL UNIQUE CHECK (code ~ '^[a-z0-9][a-z0-9_-]{1,62}$'),
     name text NOT NULL CHECK (length(name) BETWEEN 1 AND 100),
     description text,
     billing_interval text NOT NULL CHECK (billing_interval IN ('free', 'monthly', 'yearly', 'one_time')),
     price_cents integer NOT NULL CHECK (price_cents >= 0),
     currency text NOT NULL DEFAULT 'usd' CHECK (currency ~ '^[a-z]{3}$'),
     features jsonb NOT NULL DEFAULT '[]'::jsonb CHECK (jsonb_typeof(features) = 'array'),
     allow_download boolean NOT NULL DEFAULT false,
     video_limit integer CHECK (video_limit IS NULL OR video_limit >= 0),
     max_reel_seconds integer NOT NULL CHECK (max_reel_seconds BETWEEN 10 AND 600),
     allowed_qualities text[] NOT NULL DEFAULT ARRAY['standard']::text[],
     watermark boolean NOT NULL DEFAULT false,
     stripe_price_id text UNIQUE,
     sort_order integer NOT NULL DEFAULT 0,
     is_active boolean NOT NULL DEFAULT true,
     created_at timestamptz NOT NULL DEFAULT now(),
     updated_at timestamptz NOT NULL DEFAULT now(),
     CHECK ((billing_interval = 'free') = (price_cents = 0))
   )`,

  `CREATE TABLE subscriptions (
     id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
     user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
     plan_id uuid NOT NULL REFERENCES plans(id),
     status text NOT NULL CHECK (status IN ('active', 'trialing', 'pending', 'past_due', 'cancelled', 'expired')),
     start_date timestamptz NOT NULL DEFAULT now(),
     end_date timestamptz,
     cancel_at_period_end boolean NOT NULL DEFAULT false,
     cancelled_at timestamptz,
     documents_used integer NOT NULL DEFAULT 0 CHECK (documents_used >= 0),
     bonus_credits integer NOT NULL DEFAULT 0 CHECK (bonus_credits >= 0),
     stripe_subscription_id text UNIQUE,
     stripe_checkout_session_id text UNIQUE,
     created_at timestamptz NOT NULL DEFAULT now(),
     updated_at timestamptz NOT NULL DEFAULT now(),
     CHECK (end_date IS NULL OR end_date >= start_date)
   )`,
  // At most one live subscription per customer.
  `CREATE UNIQUE INDEX subscriptions_one_live_per_user ON subscriptions (user_id)
     WHERE status IN ('active', 'trialing', 'pending', 'past_due')`,
  `CREATE INDEX subscriptions_user_idx ON subscriptions (user_id, created_at DESC)`,
  `CREATE INDEX subscriptions_status_idx ON subscriptions (status)`,

  `CREATE TABLE transactions (
     id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
     user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
     subscription_id uuid REFERENCES subscriptions(id) ON DELETE SET NULL,
     plan_id uuid REFERENCES plans(id),
     amount_cents integer NOT NULL CHECK (amount_cents >= 0),
     refunded_cents integer NOT NULL DEFAULT 0 CHECK (refunded_cents >= 0),
     currency text NOT NULL DEFAULT 'usd' CHECK (currency ~ '^[a-z]{3}$'),
     status text NOT NULL CHECK (status IN ('succeeded', 'failed', 'canceled', 'pending', 'refunded', 'partially_refunded')),
     description text,
     stripe_checkout_session_id text,
     stripe_invoice_id text UNIQUE,
     stripe_payment_intent_id text UNIQUE,
     stripe_charge_id text UNIQUE,
     stripe_receipt_url text,
     transaction_date timestamptz NOT NULL DEFAULT now(),
     created_at timestamptz NOT NULL DEFAULT now(),
     CHECK (refunded_cents <= amount_cents)
   )`,
  `CREATE INDEX transactions_user_idx ON transactions (user_id, transaction_date DESC)`,
  `CREATE INDEX transactions_subscription_idx ON transactions (subscription_id)`,

  `CREATE TABLE admins (
     id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
     email text NOT NULL UNIQUE CHECK (email = lower(email) AND position('@' in email) > 1),
     password_hash text NOT NULL,
     first_name text CHECK (length(first_name) <= 100),
     last_name text CHECK (length(last_name) <= 100),
     role text NOT NULL DEFAULT 'admin' CHECK (role IN ('admin', 'superadmin', 'support')),
     is_active boolean NOT NULL DEFAULT true,
     is_main boolean NOT NULL DEFAULT false,
     failed_login_attempts integer NOT NULL DEFAULT 0 CHECK (failed_login_attempts >= 0),
     locked_until timestamptz,
     last_login_at timestamptz,
     created_at timestamptz NOT NULL DEFAULT now(),
     updated_at timestamptz NOT NULL DEFAULT now()
   )`,
  `CREATE UNIQUE INDEX admins_one_main ON admins (is_main) WHERE is_main`,

  `CREATE TABLE admin_tokens (
     id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
     admin_id uuid NOT NULL REFERENCES admins(id) ON DELETE CASCADE,
     token_hash text NOT NULL UNIQUE CHECK (length(token_hash) = 64),
     ip text,
     user_agent text,
     created_at timestamptz NOT NULL DEFAULT now(),
     last_used_at timestamptz NOT NULL DEFAULT now(),
     expires_at timestamptz NOT NULL,
     revoked_at timestamptz,
     CHECK (expires_at > created_at)
   )`,
  `CREATE INDEX admin_tokens_admin_idx ON admin_tokens (admin_id)`,

  `CREATE TABLE refunds (
     id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
     transaction_id uuid NOT NULL REFERENCES transactions(id) ON DELETE CASCADE,
     amount_cents integer NOT NULL CHECK (amount_cents > 0),
     reason text CHECK (length(reason) <= 500),
     status text NOT NULL CHECK (status IN ('succeeded', 'pending', 'failed')),
     stripe_refund_id text UNIQUE,
     created_by_admin_id uuid REFERENCES admins(id) ON DELETE SET NULL,
     created_at timestamptz NOT NULL DEFAULT now()
   )`,
  `CREATE INDEX refunds_transaction_idx ON refunds (transaction_id)`,

  `CREATE TABLE subscription_adjustments (
     id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
     subscription_id uuid NOT NULL REFERENCES subscriptions(id) ON DELETE CASCADE,
     type text NOT NULL CHECK (type IN ('extend', 'add_credits', 'change_plan')),
     payload jsonb NOT NULL DEFAULT '{}'::jsonb CHECK (jsonb_typeof(payload) = 'object'),
     reason text CHECK (length(reason) <= 200),
     created_by_admin_id uuid REFERENCES admins(id) ON DELETE SET NULL,
     created_at timestamptz NOT NULL DEFAULT now()
   )`,
  `CREATE INDEX subscription_adjustments_subscription_idx ON subscription_adjustments (subscription_id, created_at DESC)`,

  // Each payment event (Stripe webhook or local checkout) is applied once.
  `CREATE TABLE payment_events (
     id text PRIMARY KEY,
     provider text NOT NULL CHECK (provider IN ('stripe', 'local')),
     type text NOT NULL,
     processed_at timestamptz NOT NULL DEFAULT now()
   )`,

  // Checkout sessions we opened, with whichever provider.
  `CREATE TABLE checkout_sessions (
     id text PRIMARY KEY CHECK (length(id) BETWEEN 8 AND 255),
     provider text NOT NULL CHECK (provider IN ('stripe', 'local')),
     user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
     plan_id uuid NOT NULL REFERENCES plans(id),
     mode text NOT NULL CHECK (mode IN ('subscription', 'payment')),
     status text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'complete', 'expired', 'cancelled')),
     amount_cents integer NOT NULL CHECK (amount_cents >= 0),
     currency text NOT NULL CHECK (currency ~ '^[a-z]{3}$'),
     created_at timestamptz NOT NULL DEFAULT now(),
     completed_at timestamptz
   )`,
  `CREATE INDEX checkout_sessions_user_idx ON checkout_sessions (user_id, created_at DESC)`,

  // Projects and sharing
  `CREATE TABLE projects (
     id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
     user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
     title text NOT NULL CHECK (length(title) BETWEEN 1 AND 200),
     status text NOT NULL DEFAULT 'Draft' CHECK (status IN ('Draft', 'MediaGenerated', 'LipSynced', 'Merged')),
     aspect text NOT NULL DEFAULT '9:16' CHECK (aspect IN ('9:16', '16:9', '1:1', '4:3', '3:4')),
     reel_time integer NOT NULL DEFAULT 20 CHECK (reel_time IN (20, 25, 30, 35, 40, 45, 55)),
     current_step integer NOT NULL DEFAULT 1 CHECK (current_step BETWEEN 1 AND 6),
     scenes jsonb NOT NULL DEFAULT '[]'::jsonb CHECK (jsonb_typeof(scenes) = 'array'),
     params jsonb NOT NULL DEFAULT '{}'::jsonb CHECK (jsonb_typeof(params) = 'object'),
     assets jsonb NOT NULL DEFAULT '{}'::jsonb CHECK (jsonb_typeof(assets) = 'object'),
     industry text CHECK (length(industry) <= 100),
     last_error text,
     created_at timestamptz NOT NULL DEFAULT now(),
     updated_at timestamptz NOT NULL DEFAULT now()
   )`,
  `CREATE INDEX projects_user_listing_idx ON projects (user_id, updated_at DESC)`,
  `CREATE INDEX projects_created_at_idx ON projects (created_at DESC)`,
  `CREATE INDEX projects_status_idx ON projects (status)`,

  `CREATE TABLE shares (
     id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
     project_id uuid NOT NULL UNIQUE REFERENCES projects(id) ON DELETE CASCADE,
     short_id text NOT NULL UNIQUE CHECK (short_id ~ '^[A-Za-z0-9_-]{10,64}$'),
     views integer NOT NULL DEFAULT 0 CHECK (views >= 0),
     is_public boolean NOT NULL DEFAULT true,
     created_at timestamptz NOT NULL DEFAULT now()
   )`,

  // Back-office
  `CREATE TABLE audit_logs (
     id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
     created_at timestamptz NOT NULL DEFAULT now(),
     action text NOT NULL CHECK (action ~ '^[a-z][a-z0-9_]{1,63}$'),
     severity text NOT NULL DEFAULT 'info' CHECK (severity IN ('info', 'warning', 'error', 'critical')),
     user_type text NOT NULL CHECK (user_type IN ('admin', 'user', 'system')),
     admin_id uuid REFERENCES admins(id) ON DELETE SET NULL,
     admin_email text,
     ip_address text,
     resource_type text,
     resource_id text,
     details jsonb NOT NULL DEFAULT '{}'::jsonb CHECK (jsonb_typeof(details) = 'object')
   )`,
  `CREATE INDEX audit_logs_created_at_idx ON audit_logs (created_at DESC)`,
  `CREATE INDEX audit_logs_action_idx ON audit_logs (action, created_at DESC)`,

  `CREATE TABLE email_templates (
     id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
     name text NOT NULL UNIQUE CHECK (name ~ '^[a-z0-9][a-z0-9_.-]{0,99}$'),
     subject text NOT NULL CHECK (length(subject) BETWEEN 1 AND 300),
     description text CHECK (length(description) <= 500),
     html_content text NOT NULL DEFAULT '',
     text_content text NOT NULL DEFAULT '',
     is_active boolean NOT NULL DEFAULT true,
     created_at timestamptz NOT NULL DEFAULT now(),
     updated_at timestamptz NOT NULL DEFAULT now()
   )`,

  `CREATE TABLE email_logs (
     id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
     recipient_email text NOT NULL CHECK (length(recipient_email) <= 320),
     subject text NOT NULL,
     email_type text NOT NULL,
     template_id uuid REFERENCES email_templates(id) ON DELETE SET NULL,
     user_id uuid REFERENCES users(id) ON DELETE SET NULL,
     send_status text NOT NULL DEFAULT 'pending' CHECK (send_status IN ('sent', 'pending', 'failed', 'bounced')),
     error_message text,
     html_content text,
     text_content text,
     message_id text,
     sent_at timestamptz,
     created_at timestamptz NOT NULL DEFAULT now(),
     updated_at timestamptz NOT NULL DEFAULT now()
   )`,
  `CREATE INDEX email_logs_created_at_idx ON email_logs (created_at DESC)`,
  `CREATE INDEX email_logs_status_idx ON email_logs (send_status)`,

  `CREATE TABLE system_settings (
     key text PRIMARY KEY CHECK (key IN ('general', 'email', 'security', 'payment', 'features')),
     value jsonb NOT NULL CHECK (jsonb_typeof(value) = 'object'),
     updated_by_admin_id uuid REFERENCES admins(id) ON DELETE SET NULL,
     updated_at timestamptz NOT NULL DEFAULT now()
   )`,
];

const tablesWithUpdatedAt = [
  'users', 'plans', 'subscriptions', 'admins', 'projects', 'email_templates', 'email_logs', 'system_settings',
];

export async function up(db: Kysely<any>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
  for (const table of tablesWithUpdatedAt) {
    await sql
      .raw(`CREATE TRIGGER ${table}_set_updated_at BEFORE UPDATE ON ${table} FOR EACH ROW EXECUTE FUNCTION set_updated_at()`)
      .execute(db);
  }
}
