// Input files for the adapters' contract tests: an avatar picture, a product picture, a voiceover.
import { join } from 'node:path';
import sharp from '../sharp.ts';
import { runFfmpeg } from '../ffmpeg.ts';

export async function makeInputs(dir: string): Promise<{ avatar: string; product: string; audio: string; longAudio: string }> {
  const avatar = join(dir, 'avatar.png');
  const product = join(dir, 'product.png');
  const audio = join(dir, 'voice.m4a');
  const longAudio = join(dir, 'long.m4a');
  await sharp({ create: { width: 288, height: 512, channels: 3, background: '#c08060' } }).png().toFile(avatar);
  await sharp({ create: { width: 200, height: 200, channels: 4, background: { r: 20, g: 120, b: 200, alpha: 1 } } }).png().toFile(product);
  await runFfmpeg(['-f', 'lavfi', '-i', 'sine=frequency=300:duration=2', '-c:a', 'aac', '-b:a', '64k', audio]);
  await runFfmpeg(['-f', 'lavfi', '-i', 'sine=frequency=300:duration=16', '-c:a', 'aac', '-b:a', '32k', longAudio]);
  return { avatar, product, audio, longAudio };
}
