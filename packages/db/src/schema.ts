// The typed shape of the migrated schema. Kept by hand; schema.test.ts compares it with the live
// database so the two cannot drift.
import type { ColumnType, Generated, JSONColumnType } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type CreatedAt = ColumnType<Date, Date | string | undefined, never>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
type Json<T extends object | null> = JSONColumnType<T, string | undefined, string>;

export type ProjectStatus = 'Draft' | 'MediaGenerated' | 'LipSynced' | 'Merged';
export type SubscriptionStatus = 'active' | 'trialing' | 'pending' | 'past_due' | 'cancelled' | 'expired';
export type BillingInterval = 'free' | 'monthly' | 'yearly' | 'one_time';
export type TransactionStatus = 'succeeded' | 'failed' | 'canceled' | 'pending' | 'refunded' | 'partially_refunded';
export type AdminRole = 'admin' | 'superadmin' | 'support';
export type AuditSeverity = 'info' | 'warning' | 'error' | 'critical';
export type AuditOutcome = 'succeeded' | 'refused' | 'failed';
export type EmailSendStatus = 'sent' | 'pending' | 'failed' | 'bounced';
export type SettingsKey = 'general' | 'email' | 'security' | 'payment' | 'features';

export interface UsersTable {
  id: Generated<string>;
  google_sub: string | null;
  email: string;
  first_name: string | null;
  last_name: string | null;
  profile_image_url: string | null;
  is_active: Generated<boolean>;
  stripe_customer_id: string | null;
  last_login_at: NullableTimestamp;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

export interface UserDailyUsageTable {
  user_id: string;
  day: ColumnType<string, string, string>;
  videos: Generated<number>;
  projects: Generated<number>;
}

export interface UserSessionsTable {
  id: Generated<string>;
  user_id: string;
  token_hash: string;
  user_agent: string | null;
  ip: string | null;
  country: string | null;
  city: string | null;
  login_at: Timestamp;
  last_activity_at: Timestamp;
  expires_at: ColumnType<Date, Date | string, Date | string>;
  ended_at: NullableTimestamp;
  end_reason: 'logout' | 'suspended' | 'expired' | 'revoked' | null;
}

export interface ApiKeysTable {
  id: Generated<string>;
  user_id: string;
  name: string;
  prefix: string;
  key_hash: string;
  created_at: CreatedAt;
  last_used_at: NullableTimestamp;
  revoked_at: NullableTimestamp;
}

export interface WebhookEndpointsTable {
  id: Generated<string>;
  user_id: string;
  url: string;
  description: string;
  /** `whsec_` + base64 key; signs deliveries, never returned after creation. */
  secret: string;
  created_at: CreatedAt;
  deleted_at: NullableTimestamp;
}

export interface WebhookEventsTable {
  /** The Standard Webhooks message id (`msg_…`), the same on every attempt. */
  id: string;
  user_id: string;
  job_id: string | null;
  type: string;
  /** The exact JSON body that is signed and sent. */
  body: string;
  created_at: CreatedAt;
  /** When a process took the event to queue its deliveries (the recording process, or a sweep). */
  delivery_claimed_at: NullableTimestamp;
  /** When its deliveries were queued; null while that is still to be done (the outbox). */
  deliveries_queued_at: NullableTimestamp;
}

export interface WebhookDeliveriesTable {
  id: Generated<string>;
  event_id: string;
  endpoint_id: string;
  attempt: number;
  status_code: number | null;
  error: string | null;
  duration_ms: number;
  next_retry_at: NullableTimestamp;
  created_at: CreatedAt;
}

export interface PlansTable {
  id: Generated<string>;
  code: string;
  name: string;
  description: string | null;
  billing_interval: BillingInterval;
  price_cents: number;
  currency: Generated<string>;
  features: Json<string[]>;
  allow_download: Generated<boolean>;
  video_limit: number | null;
  max_reel_seconds: number;
  allowed_qualities: ColumnType<string[], string[] | undefined, string[]>;
  watermark: Generated<boolean>;
  stripe_price_id: string | null;
  sort_order: Generated<number>;
  is_active: Generated<boolean>;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

export interface SubscriptionsTable {
  id: Generated<string>;
  user_id: string;
  plan_id: string;
  status: SubscriptionStatus;
  start_date: Timestamp;
  end_date: NullableTimestamp;
  cancel_at_period_end: Generated<boolean>;
  cancelled_at: NullableTimestamp;
  documents_used: Generated<number>;
  bonus_credits: Generated<number>;
  stripe_subscription_id: string | null;
  stripe_checkout_session_id: string | null;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

export interface TransactionsTable {
  id: Generated<string>;
  user_id: string;
  subscription_id: string | null;
  plan_id: string | null;
  amount_cents: number;
  refunded_cents: Generated<number>;
  currency: Generated<string>;
  status: TransactionStatus;
  description: string | null;
  stripe_checkout_session_id: string | null;
  stripe_invoice_id: string | null;
  stripe_payment_intent_id: string | null;
  stripe_charge_id: string | null;
  stripe_receipt_url: string | null;
  transaction_date: Timestamp;
  created_at: CreatedAt;
}

export interface RefundsTable {
  id: Generated<string>;
  transaction_id: string;
  amount_cents: number;
  reason: string | null;
  status: 'succeeded' | 'pending' | 'failed';
  stripe_refund_id: string | null;
  created_by_admin_id: string | null;
  created_at: CreatedAt;
}

export interface SubscriptionAdjustmentsTable {
  id: Generated<string>;
  subscription_id: string;
  type: 'extend' | 'add_credits' | 'change_plan';
  payload: Json<Record<string, unknown>>;
  reason: string | null;
  created_by_admin_id: string | null;
  created_at: CreatedAt;
}

export interface PaymentEventsTable {
  id: string;
  provider: 'stripe' | 'local';
  type: string;
  processed_at: CreatedAt;
}

export interface CheckoutSessionsTable {
  id: string;
  provider: 'stripe' | 'local';
  user_id: string;
  plan_id: string;
  mode: 'subscription' | 'payment';
  status: Generated<'open' | 'complete' | 'expired' | 'cancelled'>;
  amount_cents: number;
  currency: string;
  created_at: CreatedAt;
  completed_at: NullableTimestamp;
}

export interface ProjectsTable {
  id: Generated<string>;
  user_id: string;
  title: string;
  status: Generated<ProjectStatus>;
  aspect: Generated<string>;
  reel_time: Generated<number>;
  current_step: Generated<number>;
  scenes: Json<unknown[]>;
  params: Json<Record<string, unknown>>;
  assets: Json<Record<string, unknown>>;
  industry: string | null;
  last_error: string | null;
  created_at: CreatedAt;
  updated_at: Timestamp;
  /** Raised by a trigger on every update: the project's ETag. */
  version: Generated<number>;
}

export interface SharesTable {
  id: Generated<string>;
  project_id: string;
  short_id: string;
  views: Generated<number>;
  is_public: Generated<boolean>;
  created_at: CreatedAt;
}

export type GenerationKind = 'voiceover' | 'avatars' | 'avatar_product' | 'videos' | 'final';
export type GenerationStatus = 'queued' | 'running' | 'succeeded' | 'failed' | 'dead';

export interface GenerationJobsTable {
  id: Generated<string>;
  project_id: string;
  user_id: string;
  kind: GenerationKind;
  status: Generated<GenerationStatus>;
  stage: Generated<string>;
  percent: Generated<number>;
  input: Json<Record<string, unknown>>;
  result: ColumnType<Record<string, unknown> | null, string | null | undefined, string | null>;
  error: string | null;
  /** The stable reason code of `error` (packages/shared reasons.ts), set with it. */
  error_reason: ColumnType<string | null, string | null | undefined, string | null>;
  attempts: Generated<number>;
  queue_job_id: string | null;
  created_at: CreatedAt;
  started_at: NullableTimestamp;
  finished_at: NullableTimestamp;
  updated_at: Timestamp;
}

export type CostCapability = 'llm' | 'tts' | 'image' | 'video';
export type CostUnit = 'seconds' | 'images' | 'characters' | 'tokens';
/** numeric columns read back as strings (exact decimals); written as numbers. */
type Decimal = ColumnType<string, number | string, number | string>;

export interface GenerationCostsTable {
  id: Generated<string>;
  job_id: string | null;
  project_id: string | null;
  user_id: string | null;
  capability: CostCapability;
  provider: string;
  model: string;
  unit: CostUnit;
  quantity: Decimal;
  amount_usd: Decimal;
  created_at: CreatedAt;
  /** 'default' | 'config' | 'env:<VARIABLE>'; 'unrecorded' for rows from before the column. */
  price_source: Generated<string>;
}

/** An AI provider's credit as its answers showed it: out of credit since when, restored when. */
export interface ProviderCreditStatesTable {
  provider: string;
  out_of_credit_since: NullableTimestamp;
  last_out_of_credit_at: NullableTimestamp;
  restored_at: NullableTimestamp;
  updated_at: Timestamp;
}

/** A provider prediction a step waits for, and its verified callback (Replicate, fal webhooks). */
export interface ProviderCallbacksTable {
  provider: 'replicate' | 'fal';
  external_id: string;
  expected_at: CreatedAt;
  completed_at: NullableTimestamp;
  status: string | null;
}

/** An Idempotency-Key's first request: in flight while status_code is null, then its answer until expires_at. */
export interface IdempotencyKeysTable {
  id: Generated<string>;
  user_id: string;
  method: 'POST' | 'PATCH';
  path: string;
  key: string;
  fingerprint: string;
  status_code: number | null;
  response_headers: Json<Record<string, string> | null>;
  response_body: string | null;
  locked_at: Timestamp;
  expires_at: Timestamp;
  created_at: CreatedAt;
}

export interface CreditReturnsTable {
  id: Generated<string>;
  project_id: string;
  user_id: string;
  subscription_id: string | null;
  job_id: string | null;
  reason: string;
  returned_at: CreatedAt;
  retaken_at: NullableTimestamp;
}

export type VoiceGenderValue = 'female' | 'male' | 'non-binary';
export type VoiceAgeValue = 'young' | 'middle_aged' | 'senior';
export type VoiceSituationValue = 'conversational' | 'professional' | 'energetic' | 'calm' | 'warm';

/** The TTS provider's voice catalogue as last synchronised; keyed by provider + provider voice id. */
/** A Stripe customer (local_key: user id) or price (local_key: plan id and amount) in one account and mode. */
export interface StripeIdsTable {
  account: string;
  kind: 'customer' | 'price';
  local_key: string;
  stripe_id: string;
  created_at: CreatedAt;
}

export interface VoicesTable {
  provider: string;
  provider_voice_id: string;
  name: string;
  gender: VoiceGenderValue;
  age: VoiceAgeValue;
  situation: VoiceSituationValue;
  language: 'multilingual' | 'en';
  accent: string;
  description: string;
  emoji: string;
  preview_url: string | null;
  sort_order: Generated<number>;
  is_active: Generated<boolean>;
  synced_at: Timestamp;
  created_at: CreatedAt;
}

export interface ShareViewLogTable {
  share_id: string;
  viewer_key: string;
  window_start: ColumnType<Date, Date | string, never>;
}

export interface AdminsTable {
  id: Generated<string>;
  email: string;
  password_hash: string;
  first_name: string | null;
  last_name: string | null;
  role: Generated<AdminRole>;
  is_active: Generated<boolean>;
  is_main: Generated<boolean>;
  failed_login_attempts: Generated<number>;
  locked_until: NullableTimestamp;
  last_login_at: NullableTimestamp;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

export interface AdminTokensTable {
  id: Generated<string>;
  admin_id: string;
  token_hash: string;
  ip: string | null;
  user_agent: string | null;
  created_at: CreatedAt;
  last_used_at: Timestamp;
  expires_at: ColumnType<Date, Date | string, Date | string>;
  revoked_at: NullableTimestamp;
}

export interface AuditLogsTable {
  id: Generated<string>;
  created_at: CreatedAt;
  action: string;
  severity: Generated<AuditSeverity>;
  user_type: 'admin' | 'user' | 'system';
  admin_id: string | null;
  admin_email: string | null;
  ip_address: string | null;
  resource_type: string | null;
  resource_id: string | null;
  details: Json<Record<string, unknown>>;
  outcome: Generated<AuditOutcome>;
  /** The customer the action was taken on, if any (searchable by their e-mail and name). */
  target_user_id: string | null;
}

export interface EmailTemplatesTable {
  id: Generated<string>;
  name: string;
  subject: string;
  description: string | null;
  html_content: Generated<string>;
  text_content: Generated<string>;
  is_active: Generated<boolean>;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

export interface EmailLogsTable {
  id: Generated<string>;
  recipient_email: string;
  subject: string;
  email_type: string;
  template_id: string | null;
  user_id: string | null;
  send_status: Generated<EmailSendStatus>;
  error_message: string | null;
  html_content: string | null;
  text_content: string | null;
  message_id: string | null;
  /** How many times the SMTP server was offered this message (temporary refusals are retried). */
  delivery_attempts: Generated<number>;
  sent_at: NullableTimestamp;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

export interface SystemSettingsTable {
  key: SettingsKey;
  value: Json<Record<string, unknown>>;
  updated_by_admin_id: string | null;
  updated_at: Timestamp;
}

export interface Database {
  users: UsersTable;
  user_daily_usage: UserDailyUsageTable;
  user_sessions: UserSessionsTable;
  api_keys: ApiKeysTable;
  webhook_endpoints: WebhookEndpointsTable;
  webhook_events: WebhookEventsTable;
  webhook_deliveries: WebhookDeliveriesTable;
  plans: PlansTable;
  subscriptions: SubscriptionsTable;
  transactions: TransactionsTable;
  refunds: RefundsTable;
  subscription_adjustments: SubscriptionAdjustmentsTable;
  payment_events: PaymentEventsTable;
  checkout_sessions: CheckoutSessionsTable;
  projects: ProjectsTable;
  shares: SharesTable;
  share_view_log: ShareViewLogTable;
  generation_jobs: GenerationJobsTable;
  generation_costs: GenerationCostsTable;
  credit_returns: CreditReturnsTable;
  provider_credit_states: ProviderCreditStatesTable;
  provider_callbacks: ProviderCallbacksTable;
  idempotency_keys: IdempotencyKeysTable;
  voices: VoicesTable;
  stripe_ids: StripeIdsTable;
  admins: AdminsTable;
  admin_tokens: AdminTokensTable;
  audit_logs: AuditLogsTable;
  email_templates: EmailTemplatesTable;
  email_logs: EmailLogsTable;
  system_settings: SystemSettingsTable;
}
