import { createHash } from 'node:crypto';

/** A content address for an artifact: the same inputs and engine version give the same key. */
export function artifactHash(...parts: unknown[]): string {
  return createHash('sha256').update(JSON.stringify(parts)).digest('hex').slice(0, 24);
}

export function projectKey(projectId: string, folder: string, name: string): string {
  return `projects/${projectId}/${folder}/${name}`;
}
