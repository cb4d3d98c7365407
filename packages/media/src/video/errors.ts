export type VideoRenderErrorCode =
  | 'missing-input'
  | 'unreadable-image'
  | 'unreadable-audio'
  | 'unreadable-clip'
  | 'no-clips'
  | 'encode-failed';

/** A talking-video render or a merge failed; `code` says why, `cause` carries the tool error if any. */
export class VideoRenderError extends Error {
  readonly code: VideoRenderErrorCode;
  constructor(code: VideoRenderErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'VideoRenderError';
    this.code = code;
  }
}
