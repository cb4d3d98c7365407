// Keeps the voices table fresh: one sync at start and then periodically in worker processes. A
// failed sync only logs a warning; the table's last copy keeps serving.
import type { Logger } from '../deps.ts';
import { syncVoiceCatalogue, type VoiceSource, type VoiceSyncDeps, type VoiceSyncResult } from './voice-catalogue-sync.ts';

export const VOICE_SYNC_INTERVAL_MS = 6 * 60 * 60_000;

export interface VoiceRefreshDeps extends VoiceSyncDeps {
  logger: Logger;
}

/** Syncs now; answers undefined (after a warning) when the provider or the write failed. */
export async function refreshVoiceCatalogue(
  deps: VoiceRefreshDeps,
  source: VoiceSource,
  catalogue?: { invalidate(): void },
): Promise<VoiceSyncResult | undefined> {
  try {
    const result = await syncVoiceCatalogue(deps, source);
    catalogue?.invalidate();
    deps.logger.info({ provider: result.provider, listed: result.listed, deactivated: result.deactivated }, 'voice catalogue synchronised');
    return result;
  } catch (err) {
    deps.logger.warn({ provider: source.provider, err: err instanceof Error ? err.message : String(err) }, 'voice catalogue sync failed; serving the stored copy');
    return undefined;
  }
}

/** Re-syncs every `everyMs` without keeping the process alive; call the answer to stop. */
export function scheduleVoiceCatalogueSync(
  deps: VoiceRefreshDeps,
  source: VoiceSource,
  catalogue?: { invalidate(): void },
  everyMs: number = VOICE_SYNC_INTERVAL_MS,
): () => void {
  const timer = setInterval(() => void refreshVoiceCatalogue(deps, source, catalogue), everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
