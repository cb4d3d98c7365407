// A provider's talking clip made to match our own renders: the project's frame size for the quality,
// the free plan's watermark, and exactly our voiceover (so scenes join and lip sync holds).
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { TalkingVideoRequest, VideoResult } from '../engines.ts';
import { runFfmpeg } from '../ffmpeg.ts';
import { dimensionsFor } from '../video-size.ts';
import { audioCodecArgs, mp4Args, videoCodecArgs } from '../video/encoding.ts';
import { mediaDurationSeconds } from '../media-duration.ts';
import { watermarkImage, watermarkPlacement } from '../video/stills.ts';

/**
 * The scene's voice as MP3 for the talking-video hosts (Replicate and fal document MP3/WAV audio for
 * OmniHuman, not AAC/M4A). Answers the file and its duration, which is what the clip is billed by.
 */
export async function voiceAsMp3(audioFile: string, outFile: string): Promise<{ file: string; seconds: number }> {
  await runFfmpeg(['-y', '-i', audioFile, '-vn', '-c:a', 'libmp3lame', '-b:a', '128k', '-ar', '44100', outFile], { timeoutMs: 60_000 });
  return { file: outFile, seconds: await mediaDurationSeconds(outFile) };
}

export async function finishProviderClip(providerClip: string, request: TalkingVideoRequest, workFile: (name: string) => string): Promise<VideoResult> {
  const size = dimensionsFor(request.aspect, request.quality);
  const duration = await mediaDurationSeconds(request.audioFile);
  const fit = `[0:v]scale=${size.width}:${size.height}:force_original_aspect_ratio=increase,crop=${size.width}:${size.height},setsar=1`;
  const inputs = ['-i', providerClip, '-i', request.audioFile];
  let filter = `${fit}[v]`;
  if (request.watermark) {
    const mark = await watermarkImage(size);
    const at = await watermarkPlacement(mark, size);
    const markFile = workFile('watermark.png');
    await writeFile(markFile, mark);
    inputs.push('-i', markFile);
    filter = `${fit}[base];[base][2:v]overlay=x=${at.left}:y=${at.top}[v]`;
  }
  await mkdir(dirname(request.outFile), { recursive: true });
  await runFfmpeg(
    ['-y', ...inputs, '-filter_complex', filter, '-map', '[v]', '-map', '1:a:0', ...videoCodecArgs({ still: false, sceneClip: duration }), ...audioCodecArgs(1), '-t', duration.toFixed(3), ...mp4Args, request.outFile],
    { timeoutMs: 10 * 60_000, onOutSeconds: (s) => request.onProgress?.(Math.min(1, 0.9 + (0.1 * s) / Math.max(duration, 0.1))) },
  );
  return { file: request.outFile, durationSeconds: await mediaDurationSeconds(request.outFile), width: size.width, height: size.height };
}
