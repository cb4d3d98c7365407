import { createTestDatabase, testDatabaseKinds, type TestDatabase } from '@reelsmith/db/testing';
import { settingsGroups } from '@reelsmith/shared';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { verifyPassword } from '../auth/password.ts';
import { planCatalogue, yearlyPriceCents } from '../billing/plan-catalogue.ts';
import { testDeps } from '../testing.ts';
import { ensureMainAdmin } from './ensure-main-admin.ts';
import { seedDemoCustomer } from './seed-demo-customer.ts';
import { seedPlans } from './seed-plans.ts';
import { seedSystemSettings } from './seed-system-settings.ts';

describe('plan catalogue', () => {
  it('prices yearly plans at twelve months less 20%', () => {
    expect(yearlyPriceCents(4900)).toBe(47040);
    for (const plan of planCatalogue.filter((p) => p.billingInterval === 'yearly')) {
      const monthly = planCatalogue.find((p) => p.name === plan.name && p.billingInterval === 'monthly');
      expect(plan.priceCents).toBe(yearlyPriceCents(monthly!.priceCents));
    }
  });

  it('has a Free plan with the spec limits and a paid plan named Pro', () => {
    const free = planCatalogue.find((p) => p.code === 'free');
    expect(free).toMatchObject({ videoLimit: 1, maxReelSeconds: 20, allowedQualities: ['standard'], watermark: true, allowDownload: false, priceCents: 0 });
    expect(planCatalogue.filter((p) => p.name === 'Pro').map((p) => p.billingInterval).sort()).toEqual(['monthly', 'yearly']);
  });
});

describe.each(testDatabaseKinds())('seeding on %s', (kind) => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase(kind);
  });
  afterAll(async () => {
    await t.close();
  });
  beforeEach(async () => {
    await t.reset();
  });

  it('makes one main admin when several processes start at once on a new database', async () => {
    const deps = testDeps(t.db);
    const results = await Promise.all(Array.from({ length: 10 }, () => ensureMainAdmin(deps, { email: 'Main@Example.com', password: 'Main-admin-pass-1' })));
    expect(results.filter((r) => r.created)).toHaveLength(1);
    expect(new Set(results.map((r) => r.email))).toEqual(new Set(['main@example.com']));
    const admins = await t.db.selectFrom('admins').select(['email', 'is_main']).execute();
    expect(admins).toEqual([{ email: 'main@example.com', is_main: true }]);
  });

  it('seeds plans idempotently', async () => {
    const deps = testDeps(t.db);
    await seedPlans(deps);
    await seedPlans(deps);
    const rows = await t.db.selectFrom('plans').select(['code', 'price_cents']).orderBy('code').execute();
    expect(rows).toHaveLength(planCatalogue.length);
  });

  it('seeds from several processes at once: catalogue fields refreshed, Stripe price ids and saved settings kept', async () => {
    const deps = testDeps(t.db);
    const paid = planCatalogue.find((p) => p.priceCents > 0)!;
    await seedPlans(deps);
    await seedSystemSettings(deps);
    await t.db.updateTable('plans').set({ price_cents: 1, stripe_price_id: 'price_from_dashboard' }).where('code', '=', paid.code).execute();
    await t.db.updateTable('system_settings').set({ value: JSON.stringify({ saved: 'by an admin' }) }).where('key', '=', 'general').execute();
    await Promise.all(Array.from({ length: 5 }, async () => {
      await seedPlans(deps);
      await seedSystemSettings(deps);
    }));
    const plan = await t.db.selectFrom('plans').select(['price_cents', 'stripe_price_id']).where('code', '=', paid.code).executeTakeFirstOrThrow();
    expect(plan).toEqual({ price_cents: paid.priceCents, stripe_price_id: 'price_from_dashboard' });
    expect(await t.db.selectFrom('plans').select('code').execute()).toHaveLength(planCatalogue.length);
    const settings = await t.db.selectFrom('system_settings').select(['key', 'value']).orderBy('key').execute();
    expect(settings.map((s) => s.key)).toEqual([...settingsGroups].sort());
    expect(settings.find((s) => s.key === 'general')!.value).toEqual({ saved: 'by an admin' });
  });

  it('creates the main admin once, with a generated password when none is configured', async () => {
    const deps = testDeps(t.db);
    const first = await ensureMainAdmin(deps, { email: undefined, password: undefined });
    expect(first.created).toBe(true);
    expect(first.generatedPassword).toBeDefined();
    const again = await ensureMainAdmin(deps, { email: 'other@example.com', password: 'x' });
    expect(again).toEqual({ email: 'admin@reelsmith.local', created: false });
    const row = await t.db.selectFrom('admins').select(['password_hash', 'role', 'is_main']).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ role: 'superadmin', is_main: true });
    expect(await verifyPassword(first.generatedPassword!, row.password_hash)).toBe(true);
  });

  it('uses the configured credentials and never reveals them', async () => {
    const result = await ensureMainAdmin(testDeps(t.db), { email: 'Boss@Example.com', password: 'a-strong-password' });
    expect(result).toEqual({ email: 'boss@example.com', created: true });
  });

  it('creates the demo customer once, on the Free plan', async () => {
    const deps = testDeps(t.db);
    await seedPlans(deps);
    expect((await seedDemoCustomer(deps)).created).toBe(true);
    expect((await seedDemoCustomer(deps)).created).toBe(false);
    const subs = await t.db.selectFrom('subscriptions as s').innerJoin('plans as p', 'p.id', 's.plan_id').select(['p.code', 's.status']).execute();
    expect(subs).toEqual([{ code: 'free', status: 'active' }]);
  });
});
