import type { Migration } from 'kysely/migration';
import * as initialSchema from './2026_11_22_0001_initial_schema.ts';
import * as shareViewLog from './2026_11_22_0002_share_view_log.ts';
import * as generationJobs from './2026_11_22_0003_generation_jobs.ts';
import * as providerCosts from './2026_11_22_0004_provider_costs.ts';
import * as voices from './2026_11_22_0005_voices.ts';
import * as stripeIds from './2026_11_23_0001_stripe_ids.ts';
import * as costPriceSource from './2026_11_24_0101_cost_price_source.ts';
import * as providerCreditStates from './2026_11_24_0102_provider_credit_states.ts';
import * as emailDeliveryAttempts from './2026_11_24_0201_email_delivery_attempts.ts';
import * as jobFailureReason from './2026_11_25_0101_job_failure_reason.ts';
import * as apiKeys from './2026_11_26_0201_api_keys.ts';
import * as generationJobNotify from './2026_11_26_0301_generation_job_notify.ts';
import * as webhooks from './2026_11_26_0401_webhooks.ts';
import * as providerCallbacks from './2026_11_26_0501_provider_callbacks.ts';
import * as idempotencyKeys from './2026_11_26_0601_idempotency_keys.ts';
import * as projectVersion from './2026_11_26_0602_project_version.ts';
import * as systemSettingsNotify from './2026_11_26_0701_system_settings_notify.ts';
import * as webhookOutbox from './2026_11_26_0702_webhook_outbox.ts';
import * as auditOutcome from './2026_11_27_0101_audit_outcome.ts';

/** Every migration, by sortable name. Add new ones here in order. */
export const migrations: Record<string, Migration> = {
  '2026_11_22_0001_initial_schema': initialSchema,
  '2026_11_22_0002_share_view_log': shareViewLog,
  '2026_11_22_0003_generation_jobs': generationJobs,
  '2026_11_22_0004_provider_costs': providerCosts,
  '2026_11_22_0005_voices': voices,
  '2026_11_23_0001_stripe_ids': stripeIds,
  '2026_11_24_0101_cost_price_source': costPriceSource,
  '2026_11_24_0102_provider_credit_states': providerCreditStates,
  '2026_11_24_0201_email_delivery_attempts': emailDeliveryAttempts,
  '2026_11_25_0101_job_failure_reason': jobFailureReason,
  '2026_11_26_0201_api_keys': apiKeys,
  '2026_11_26_0301_generation_job_notify': generationJobNotify,
  '2026_11_26_0401_webhooks': webhooks,
  '2026_11_26_0501_provider_callbacks': providerCallbacks,
  '2026_11_26_0601_idempotency_keys': idempotencyKeys,
  '2026_11_26_0602_project_version': projectVersion,
  '2026_11_26_0701_system_settings_notify': systemSettingsNotify,
  '2026_11_26_0702_webhook_outbox': webhookOutbox,
  '2026_11_27_0101_audit_outcome': auditOutcome,
};
