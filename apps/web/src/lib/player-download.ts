import type { MouseEvent } from 'react';

/**
 * Props for a <video> where the plan allows no downloads: the browser's own Download is taken off
 * its controls and its context menu (Save Video As…). Where downloads are allowed, nothing changes.
 */
export function playerDownloadProps(allowDownload: boolean): { controlsList?: string; onContextMenu?: (event: MouseEvent<HTMLVideoElement>) => void } {
  if (allowDownload) return {};
  return { controlsList: 'nodownload', onContextMenu: (event) => event.preventDefault() };
}
