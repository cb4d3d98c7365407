// Writes the state of fixtures.ts into the e2e server's database and media storage, through core's
// services and packages/db's repositories (never SQL), as the app's own flows would leave it. Run by
// support/server.ts before the server listens, so the state is there before any spec starts.
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import {
  countVideo,
  createProject,
  createShare,
  deriveStatus,
  getCurrentSubscription,
  getProject,
  mediaUrl,
  startFreeSubscription,
  updateProject,
  uploadAvatar,
  type AppDeps,
  type CreateBlockedReason,
} from '@reelsmith/core';
import { mediaDurationSeconds } from '@reelsmith/media';
import { findPlanRowByCode, findUserByEmail, insertSubscription, insertUserIfAbsent, updateProjectRow, type SubscriptionStatus } from '@reelsmith/db';
import { splitName, type ProjectAssets } from '@reelsmith/shared';
import { fixtureCustomers, fixtureShares, sampleScenes, samplesDir, type FixtureCustomer, type FixtureShare } from './fixtures.ts';

const dayMs = 86_400_000;

/** The customer's id, and whether this start created them (their state is then written once). */
async function ensureCustomer(deps: AppDeps, customer: FixtureCustomer): Promise<{ id: string; created: boolean }> {
  const { firstName, lastName } = splitName(customer.name);
  const created = await insertUserIfAbsent(deps.db, { email: customer.email, first_name: firstName, last_name: lastName });
  if (created) return { id: created, created: true };
  const existing = await findUserByEmail(deps.db, customer.email);
  if (!existing) throw new Error(`e2e fixture: ${customer.email} is neither new nor stored`);
  return { id: existing.id, created: false };
}

/** A paid subscription as a completed checkout leaves it, over the given days from now (negative: past). */
async function subscribe(
  deps: AppDeps,
  userId: string,
  planCode: string,
  period: { fromDay: number; toDay: number; status: SubscriptionStatus; cancelledDay?: number },
): Promise<void> {
  const plan = await findPlanRowByCode(deps.db, planCode);
  if (!plan) throw new Error(`e2e fixture: no plan ${planCode}`);
  const at = (day: number) => new Date(deps.clock.now().getTime() + day * dayMs);
  await insertSubscription(deps.db, {
    user_id: userId,
    plan_id: plan.id,
    status: period.status,
    start_date: at(period.fromDay),
    end_date: at(period.toDay),
    ...(period.cancelledDay !== undefined ? { cancel_at_period_end: true, cancelled_at: at(period.cancelledDay) } : {}),
  });
}

/** Fails the start when the server's own rules do not read a fixture as meant. */
async function expectBlocked(deps: AppDeps, customer: FixtureCustomer, userId: string, reason: CreateBlockedReason): Promise<void> {
  const current = await getCurrentSubscription(deps, userId);
  if (current.canCreateProject || current.createBlockedReason !== reason) {
    throw new Error(`e2e fixture: ${customer.email} should be refused with '${reason}', the server says ${JSON.stringify({ canCreateProject: current.canCreateProject, reason: current.createBlockedReason })}`);
  }
}

/** Counts videos started today until the day's cap is reached, as each new video does (countVideo). */
async function useUpTodaysVideos(deps: AppDeps, userId: string): Promise<void> {
  await deps.db.transaction().execute(async (trx) => {
    // Inside the transaction every read goes through trx (the embedded database has one session).
    const current = await getCurrentSubscription(deps, userId, trx);
    if (!current.subscriptionId) throw new Error('e2e fixture: the daily-limit customer has no subscription');
    for (let used = current.dailyVideoCount; used < current.dailyVideoLimit; used += 1) {
      await countVideo(deps, trx, userId, current.subscriptionId, { newProject: false });
    }
  });
}

/** Stores a sample clip under the project's media, named by its content as generation names its artifacts; answers its key. */
async function storeSample(deps: AppDeps, projectId: string, folder: string, file: string): Promise<string> {
  const bytes = await readFile(join(samplesDir, file));
  const key = `projects/${projectId}/${folder}/${createHash('sha256').update(bytes).digest('hex').slice(0, 24)}.mp4`;
  await deps.storage.put(key, { buffer: bytes }, 'video/mp4');
  return key;
}

/**
 * A finished project with real media, shared: made and scripted through core as the wizard does,
 * the poster uploaded as an avatar, the clips stored where the videos and final steps store theirs,
 * and the project's final video set as the final step sets it.
 */
async function shareFinishedProject(deps: AppDeps, userId: string, fixture: FixtureShare): Promise<void> {
  const { id } = await createProject(deps, userId, { title: fixture.title });
  await updateProject(deps, userId, { id, scenes: sampleScenes(fixture.scenes), currentStep: 5 });
  const mergedAt = deps.clock.now().toISOString();
  let final: NonNullable<ProjectAssets['final']>;
  let sceneVideos: Record<string, string> = {};
  const sceneLengths: Record<string, number> = {};
  if (fixture.final.type === 'playlist') {
    const image = (await readFile(join(samplesDir, fixture.final.poster))).toString('base64');
    const poster = await uploadAvatar(deps, userId, { id, image: `data:image/jpeg;base64,${image}`, filename: fixture.final.poster });
    const videos: string[] = [];
    for (const clip of fixture.final.clips) videos.push(mediaUrl(await storeSample(deps, id, 'video', clip)));
    sceneVideos = Object.fromEntries(videos.map((url, i) => [`scene-${i + 1}`, url]));
    // Each scene clip's length, as the videos step records it.
    for (const [i, clip] of fixture.final.clips.entries()) sceneLengths[`scene-${i + 1}`] = await mediaDurationSeconds(join(samplesDir, clip));
    final = { type: 'playlist', url: JSON.stringify({ videos }), mergedAt, posterUrl: poster.url };
  } else {
    const key = await storeSample(deps, id, 'final', fixture.final.clip);
    // The merged file's length, as the final step measures it.
    final = { type: 'single', url: mediaUrl(key), storageUrl: key, mergedAt, durationSeconds: await mediaDurationSeconds(join(samplesDir, fixture.final.clip)) };
  }
  const project = await getProject(deps, userId, id);
  const assets: ProjectAssets = { ...project.assets, video_generated: sceneVideos, video_durations: sceneLengths, final };
  await updateProjectRow(deps.db, id, { assets: JSON.stringify(assets), current_step: 6, status: deriveStatus(project.scenes, assets) });
  await createShare(deps, userId, id);
}

/** Writes every fixture; a customer that already exists (a restart on the same data) keeps its state. */
export async function writeFixtures(deps: AppDeps): Promise<void> {
  const lapsed = await ensureCustomer(deps, fixtureCustomers.lapsed);
  if (lapsed.created) await subscribe(deps, lapsed.id, 'pro-monthly', { fromDay: -40, toDay: -10, status: 'cancelled', cancelledDay: -20 });
  await expectBlocked(deps, fixtureCustomers.lapsed, lapsed.id, 'inactive');

  const noSubscription = await ensureCustomer(deps, fixtureCustomers.noSubscription);
  await expectBlocked(deps, fixtureCustomers.noSubscription, noSubscription.id, 'no_subscription');

  const daily = await ensureCustomer(deps, fixtureCustomers.dailyLimit);
  if (daily.created) {
    await subscribe(deps, daily.id, 'business-monthly', { fromDay: -5, toDay: 25, status: 'active' });
    await createProject(deps, daily.id, { title: 'Morning batch' });
  }
  // Topped up on every start: the count is the current (UTC) day's.
  await useUpTodaysVideos(deps, daily.id);
  await expectBlocked(deps, fixtureCustomers.dailyLimit, daily.id, 'daily_limit');

  for (const fixture of Object.values(fixtureShares)) {
    const owner = await ensureCustomer(deps, fixture.owner);
    if (!owner.created) continue;
    if (fixture.ownerPlan === 'free') await startFreeSubscription(deps.db, owner.id, deps.clock.now());
    else await subscribe(deps, owner.id, fixture.ownerPlan, { fromDay: -3, toDay: 27, status: 'active' });
    await shareFinishedProject(deps, owner.id, fixture);
  }
}
