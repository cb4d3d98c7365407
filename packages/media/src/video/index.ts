export { LocalTalkingVideoRenderer, type LocalTalkingVideoRendererOptions } from './local-talking-renderer.ts';
export { CROSSFADE_SECONDS, FADE_SECONDS, LocalVideoMerger, type LocalVideoMergerOptions } from './local-merger.ts';
export { VideoRenderError, type VideoRenderErrorCode } from './errors.ts';
export { WATERMARK_TEXT } from './stills.ts';
