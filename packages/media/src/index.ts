export type * from './engines.ts';
export { dimensionsFor } from './video-size.ts';
export { MediaToolError, probe, runFfmpeg, runTool, type ProbeResult, type ProbeStream, type RunOptions } from './ffmpeg.ts';
