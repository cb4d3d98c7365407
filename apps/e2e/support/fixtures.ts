// What the e2e server (support/server.ts) writes before it listens, through core's services and the
// repositories, for states a spec cannot reach through the UI in its time: a lapsed plan, an account
// with no subscription, the day's video cap, finished projects with real media. Specs sign in as
// these customers by e-mail. Each belongs to one test, so tests running in parallel never share one.
// No server code is imported here: the specs load this file too.
import { resolve } from 'node:path';

export interface FixtureCustomer {
  email: string;
  /** The name the development sign-in is given (and the server stores). */
  name: string;
}

export const fixtureCustomers = {
  /** Bought Pro, cancelled it, and its paid period ended ten days ago. */
  lapsed: { email: 'e2e-fixture-lapsed@example.com', name: 'Lena Lapsed' },
  /** An account with no subscription row at all (not even Free). */
  noSubscription: { email: 'e2e-fixture-no-plan@example.com', name: 'Noor Noplan' },
  /**
   * On Business (no period quota), and has started as many videos today as the daily cap allows
   * (today in UTC, as the server counts: a run that crosses UTC midnight finds the count reset).
   */
  dailyLimit: { email: 'e2e-fixture-daily-limit@example.com', name: 'Dara Daily' },
  /** On Pro: owns and shares the playlist project. */
  playlistOwner: { email: 'e2e-fixture-playlist-owner@example.com', name: 'Pia Playlist' },
  /** On Pro: owns and shares the single-video project. */
  singleOwner: { email: 'e2e-fixture-single-owner@example.com', name: 'Sol Single' },
  /** On Free: owns and shares a single-video project (its one free video). */
  freeOwner: { email: 'e2e-fixture-free-owner@example.com', name: 'Fay Free' },
} as const satisfies Record<string, FixtureCustomer>;

/** The app's own sample clips and stills (served at /samples/ by the web app), copied into the server's media storage. */
export const samplesDir = resolve(import.meta.dirname, '../../web/public/samples');

const teaserScenes = ['Meet the bottle that keeps up with you.', 'Cold for 24 hours, hot for 12.', 'Order yours today.'] as const;

/**
 * Finished, shared projects. A playlist is what the final step leaves when the scenes cannot be
 * merged: the scene videos in order, and the selected avatar (an uploaded still) as the poster.
 */
export const fixtureShares = {
  playlist: {
    owner: fixtureCustomers.playlistOwner,
    ownerPlan: 'pro-monthly',
    title: 'Spring Launch Teaser',
    scenes: teaserScenes,
    final: { type: 'playlist', clips: ['sample-1.mp4', 'sample-2.mp4', 'sample-3.mp4'], poster: 'sample-1.jpg' },
  },
  single: {
    owner: fixtureCustomers.singleOwner,
    ownerPlan: 'pro-monthly',
    title: 'Launch: Final Cut',
    scenes: teaserScenes,
    final: { type: 'single', clip: 'sample-4.mp4' },
  },
  free: {
    owner: fixtureCustomers.freeOwner,
    ownerPlan: 'free',
    title: 'Free Owner Cut',
    scenes: teaserScenes,
    final: { type: 'single', clip: 'sample-4.mp4' },
  },
} as const;

export type FixtureShare = (typeof fixtureShares)[keyof typeof fixtureShares];

/** Scenes in the shape PUT /api/projects/{id} (and core's updateProject) accepts. */
export function sampleScenes(texts: readonly string[]) {
  return texts.map((text, index) => ({
    sceneId: `scene-${index + 1}`,
    title: `Scene ${index + 1}`,
    text,
    durationSeconds: 6,
    wordCount: text.split(/\s+/).filter(Boolean).length,
  }));
}
