import { AppError, type ProjectAssets } from '@reelsmith/shared';

/** Every media file of a project lives under its own folder; anything else is refused. */
export function projectMediaPrefix(projectId: string): string {
  return `/media/projects/${projectId}/`;
}

export function assertProjectMedia(projectId: string, urls: Iterable<string>): void {
  const prefix = projectMediaPrefix(projectId);
  for (const url of urls) {
    if (!url.startsWith(prefix)) throw new AppError('BAD_REQUEST', 'Media must be a file of this project.');
  }
}

/** The avatar choice resolved to a URL: a string is itself, a number indexes the variations. */
export function resolveSelection(selected: string | number | null | undefined, pool: string[]): string | null {
  if (selected === null || selected === undefined) return null;
  if (typeof selected === 'number') return pool[selected] ?? null;
  return selected;
}

export function avatarPool(assets: ProjectAssets): string[] {
  return [...(assets.avatar?.variations ?? []), ...(assets.avatar?.uploaded ?? [])];
}
