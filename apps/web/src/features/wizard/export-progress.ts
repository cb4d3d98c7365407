import type { Project } from '@reelsmith/shared';
import { exportFileName, progressExport } from './wizard-rules.ts';

/** Saves the project's progress as '<title>-progress.json' through a temporary download link. */
export function downloadProgress(project: Project, step: number): void {
  const json = JSON.stringify(progressExport(project, step, new Date()), null, 2);
  const url = URL.createObjectURL(new Blob([json], { type: 'application/json' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = exportFileName(project.title);
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked on the next task: the click has started the download by then.
  window.setTimeout(() => URL.revokeObjectURL(url), 0);
}
