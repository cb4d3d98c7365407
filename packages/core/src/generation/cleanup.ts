import type { AppDeps } from '../app-deps.ts';

/** Removes what a deleted project leaves outside the database: its stored media folder. */
export function projectCleanup(deps: Pick<AppDeps, 'storage' | 'logger'>) {
  return async (projectId: string): Promise<void> => {
    try {
      await deps.storage.deletePrefix(`projects/${projectId}`);
    } catch (err) {
      // The keys that remain are named, so an operator can remove them (or a later sweep can).
      const remaining = (err as { remaining?: { key: string }[] }).remaining?.map((r) => r.key);
      deps.logger.warn({ projectId, remaining, err: err instanceof Error ? err.message : String(err) }, 'could not remove a deleted project’s media');
    }
  };
}
