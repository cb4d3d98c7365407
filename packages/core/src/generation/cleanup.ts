import type { AppDeps } from './generation-deps.ts';

/** Removes what a deleted project leaves outside the database: its stored media folder. */
export function projectCleanup(deps: Pick<AppDeps, 'storage' | 'logger'>) {
  return async (projectId: string): Promise<void> => {
    try {
      await deps.storage.deletePrefix(`projects/${projectId}`);
    } catch (err) {
      deps.logger.warn({ projectId, err: err instanceof Error ? err.message : String(err) }, 'could not remove a deleted project’s media');
    }
  };
}
