export type * from './engines.ts';
export { dimensionsFor } from './video-size.ts';
export { MediaToolError, probe, runFfmpeg, runTool, type ProbeResult, type ProbeStream, type RunOptions } from './ffmpeg.ts';
export { mediaDurationSeconds } from './media-duration.ts';
export { createLocalEngine, LOCAL_ENGINE_VERSION } from './local-engine.ts';
export * from './text/index.ts';
export * from './voices/index.ts';
export * from './audio/index.ts';
export * from './avatars/index.ts';
export * from './images/index.ts';
export * from './video/index.ts';
export * from './captions/index.ts';
export * from './providers/index.ts';
export {
  checkTarget,
  classifyAddress,
  classifyHost,
  DEFAULT_OUTBOUND_POLICY,
  guardedFetch,
  guardedPost,
  OutboundRefusedError,
  parseAllowedHost,
  type GuardedFetchOptions,
  type OutboundPolicy,
  type OutboundRefusal,
  type RefusedRange,
  type Resolver,
} from './net/outbound-guard.ts';
