import type { Readable } from 'node:stream';

export interface StoredObject {
  size: number;
  contentType: string;
}

export interface ByteRange {
  start: number;
  end: number;
}

/**
 * Where generated and uploaded media live: local disk by default, any S3-compatible store by
 * configuration. Keys look like `projects/<projectId>/voice/<hash>.m4a`; the public URL of a key is
 * `/media/<key>`. put() is atomic: readers never see a partly written object.
 */
export interface MediaStorage {
  readonly kind: 'local' | 's3';
  put(key: string, source: { file: string } | { buffer: Buffer }, contentType: string): Promise<void>;
  stat(key: string): Promise<StoredObject | null>;
  /** A stream of the whole object or one byte range of it. */
  read(key: string, range?: ByteRange): Promise<Readable>;
  /** Copies an object to a local file for processing. */
  download(key: string, file: string): Promise<void>;
  deletePrefix(prefix: string): Promise<number>;
  /**
   * A short-lived URL the browser can read the object from directly (S3 with S3_MEDIA_DELIVERY=presigned),
   * or null to stream it through the server. The access decision is always ours, made before this is asked.
   */
  directReadUrl?(key: string, options: DirectReadOptions): Promise<string | null>;
  /**
   * Readiness (GET /readyz): resolves when the store answers for this deployment (its bucket exists and
   * takes its credentials), throws otherwise. Without it, a stat of READINESS_PROBE_KEY answering at all counts.
   */
  ready?(): Promise<void>;
}

/** A key that is never written: asking for it shows the store answers without reading anything. */
export const READINESS_PROBE_KEY = 'readyz/probe';

export interface DirectReadOptions {
  /** Served with this Content-Disposition (a download: `attachment; filename=…`), else inline. */
  contentDisposition?: string | undefined;
  /** Whether shared caches may keep the object (a public share's final video) or only the viewer's browser. */
  publicCache: boolean;
}

/** Video and audio are read from storage directly when it can sign URLs; small images come through the server. */
export function isDirectReadType(contentType: string): boolean {
  return contentType.startsWith('video/') || contentType.startsWith('audio/');
}

export const MEDIA_URL_PREFIX = '/media/';

export function mediaUrl(key: string): string {
  return `${MEDIA_URL_PREFIX}${key}`;
}

/** The storage key of a /media/ URL, or null when it is not one of ours. */
export function keyFromMediaUrl(url: string): string | null {
  if (!url.startsWith(MEDIA_URL_PREFIX)) return null;
  const key = url.slice(MEDIA_URL_PREFIX.length).split('?')[0] ?? '';
  return isSafeKey(key) ? key : null;
}

export function isSafeKey(key: string): boolean {
  return /^[A-Za-z0-9][A-Za-z0-9/_.-]{0,400}$/.test(key) && !key.includes('..') && !key.includes('//');
}

export function contentTypeFor(key: string): string {
  const ext = key.slice(key.lastIndexOf('.') + 1).toLowerCase();
  return (
    { mp4: 'video/mp4', m4a: 'audio/mp4', mp3: 'audio/mpeg', wav: 'audio/wav', png: 'image/png', jpg: 'image/jpeg', jpeg: 'image/jpeg', webp: 'image/webp', gif: 'image/gif', json: 'application/json' }[
      ext
    ] ?? 'application/octet-stream'
  );
}
