export { LocalTalkingVideoRenderer, type LocalTalkingVideoRendererOptions } from './local-talking-renderer.ts';
export { CROSSFADE_SECONDS, FADE_SECONDS, LocalVideoMerger, type LocalVideoMergerOptions } from './local-merger.ts';
export { VideoRenderError, type VideoRenderErrorCode } from './errors.ts';
export { readMp4Info, type Mp4Audio, type Mp4Info, type Mp4Video } from './mp4-info.ts';
export { WATERMARK_TEXT } from './stills.ts';
export { VISEMES, visemeOf, visemeTrack, type Viseme } from './visemes.ts';
