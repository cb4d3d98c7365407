// Reads what the renderer and merger need from an MP4/M4A's `moov` box in-process. Each ffprobe start
// costs ~0.1 s on this class of machine (several per clip add up); callers fall back to ffprobe when
// this returns null (not MP4, or a layout it does not know).
import { open } from 'node:fs/promises';

export interface Mp4Video {
  /** Sample entry type: 'avc1' for H.264. */
  codec: string;
  width: number;
  height: number;
  timescale: number;
  /** The most common sample duration in timescale units (timescale / frameDelta = fps). */
  frameDelta: number;
  /** AVCDecoderConfigurationRecord (SPS/PPS); equal records decode with the same decoder set-up. */
  avcC: Buffer | null;
  /** How many frames (samples) the track holds. */
  frames: number;
  /** Every sample lasts frameDelta (the last one may differ): frame n starts at n × frameDelta. */
  constantRate: boolean;
  /** 0-based indices of the sync samples (keyframes), in order; null when every sample is one (no stss). */
  keyframes: number[] | null;
  /** Samples are displayed in another order than decoded (a ctts box: B-frames). */
  reordered: boolean;
}

export interface Mp4Audio {
  /** Sample entry type: 'mp4a' for AAC. */
  codec: string;
  sampleRate: number;
  channels: number;
  /** MPEG-4 audio object type from the AudioSpecificConfig (2 = AAC-LC), null when absent. */
  objectType: number | null;
  audioConfig: Buffer | null;
}

export interface Mp4Info {
  /** The movie's length (mvhd), as ffprobe reports for the format. */
  durationSeconds: number;
  /** The first video and the first audio track. */
  video: Mp4Video | null;
  audio: Mp4Audio | null;
}

const MAX_MOOV_BYTES = 64 * 1024 * 1024;

export async function readMp4Info(file: string): Promise<Mp4Info | null> {
  let handle;
  try {
    handle = await open(file, 'r');
  } catch {
    return null;
  }
  try {
    const { size: fileSize } = await handle.stat();
    const header = Buffer.alloc(16);
    let at = 0;
    while (at + 8 <= fileSize) {
      const { bytesRead } = await handle.read(header, 0, 16, at);
      if (bytesRead < 8) return null;
      let size = header.readUInt32BE(0);
      const type = header.toString('latin1', 4, 8);
      let headerSize = 8;
      if (size === 1) {
        if (bytesRead < 16) return null;
        size = Number(header.readBigUInt64BE(8));
        headerSize = 16;
      } else if (size === 0) {
        size = fileSize - at;
      }
      if (size < headerSize || !/^[\x20-\x7e]{4}$/.test(type)) return null;
      if (type === 'moov') {
        if (size > MAX_MOOV_BYTES) return null;
        const moov = Buffer.alloc(size - headerSize);
        await handle.read(moov, 0, moov.length, at + headerSize);
        return parseMoov(moov);
      }
      at += size;
    }
    return null;
  } catch {
    return null;
  } finally {
    await handle.close();
  }
}

interface Box {
  type: string;
  /** The box's payload (after the header). */
  body: Buffer;
}

function* boxes(buf: Buffer): Generator<Box> {
  let at = 0;
  while (at + 8 <= buf.length) {
    let size = buf.readUInt32BE(at);
    let headerSize = 8;
    if (size === 1) {
      if (at + 16 > buf.length) return;
      size = Number(buf.readBigUInt64BE(at + 8));
      headerSize = 16;
    } else if (size === 0) {
      size = buf.length - at;
    }
    if (size < headerSize || at + size > buf.length) return;
    yield { type: buf.toString('latin1', at + 4, at + 8), body: buf.subarray(at + headerSize, at + size) };
    at += size;
  }
}

function child(buf: Buffer, ...path: string[]): Buffer | null {
  let current: Buffer | null = buf;
  for (const type of path) {
    let found: Buffer | null = null;
    for (const box of boxes(current)) {
      if (box.type === type) {
        found = box.body;
        break;
      }
    }
    if (!found) return null;
    current = found;
  }
  return current;
}

/** timescale and duration of an mvhd/mdhd full box. */
function timing(body: Buffer): { timescale: number; duration: number } {
  const version = body[0];
  return version === 1
    ? { timescale: body.readUInt32BE(20), duration: Number(body.readBigUInt64BE(24)) }
    : { timescale: body.readUInt32BE(12), duration: body.readUInt32BE(16) };
}

function parseMoov(moov: Buffer): Mp4Info | null {
  const mvhd = child(moov, 'mvhd');
  if (!mvhd) return null;
  const movie = timing(mvhd);
  if (!movie.timescale) return null;
  let video: Mp4Video | null = null;
  let audio: Mp4Audio | null = null;
  for (const box of boxes(moov)) {
    if (box.type !== 'trak') continue;
    const handler = child(box.body, 'mdia', 'hdlr')?.toString('latin1', 8, 12);
    const mdhd = child(box.body, 'mdia', 'mdhd');
    const stbl = child(box.body, 'mdia', 'minf', 'stbl');
    const stsd = stbl && child(stbl, 'stsd');
    if (!mdhd || !stbl || !stsd || stsd.length < 16) continue;
    // stsd: full box header, entry count, then the first sample entry as a box.
    const entry = boxes(stsd.subarray(8)).next().value;
    if (!entry) continue;
    if (handler === 'vide' && !video) video = parseVisualEntry(entry, timing(mdhd).timescale, stbl);
    if (handler === 'soun' && !audio) audio = parseAudioEntry(entry);
  }
  return { durationSeconds: movie.duration / movie.timescale, video, audio };
}

function parseVisualEntry(entry: Box, timescale: number, stbl: Buffer): Mp4Video | null {
  if (entry.body.length < 78) return null;
  const stts = child(stbl, 'stts');
  let frameDelta = 0;
  let constantRate = false;
  let frames = 0;
  if (stts && stts.length >= 8) {
    // The delta covering the most samples (the last frame often has its own).
    let most = 0;
    const count = stts.readUInt32BE(4);
    const entries: { samples: number; delta: number }[] = [];
    for (let i = 0; i < count && 8 + i * 8 + 8 <= stts.length; i++) entries.push({ samples: stts.readUInt32BE(8 + i * 8), delta: stts.readUInt32BE(12 + i * 8) });
    for (const e of entries) {
      frames += e.samples;
      if (e.samples > most) {
        most = e.samples;
        frameDelta = e.delta;
      }
    }
    const last = entries.at(-1);
    constantRate = entries.length === count && entries.every((e) => e.delta === frameDelta || (e === last && e.samples === 1));
  }
  return {
    codec: entry.type,
    width: entry.body.readUInt16BE(24),
    height: entry.body.readUInt16BE(26),
    timescale,
    frameDelta,
    avcC: child(entry.body.subarray(78), 'avcC'),
    frames,
    constantRate,
    keyframes: syncSamples(child(stbl, 'stss')),
    reordered: child(stbl, 'ctts') !== null,
  };
}

/** stss: full box header, entry count, then 1-based sample numbers. */
function syncSamples(stss: Buffer | null): number[] | null {
  if (!stss || stss.length < 8) return null;
  const count = Math.min(stss.readUInt32BE(4), Math.floor((stss.length - 8) / 4));
  return Array.from({ length: count }, (_, i) => stss.readUInt32BE(8 + i * 4) - 1);
}

function parseAudioEntry(entry: Box): Mp4Audio | null {
  if (entry.body.length < 28) return null;
  const version = entry.body.readUInt16BE(8);
  const childrenAt = 28 + (version === 1 ? 16 : version === 2 ? 36 : 0);
  const esds = child(entry.body.subarray(Math.min(childrenAt, entry.body.length)), 'esds');
  const audioConfig = esds ? decoderSpecificInfo(esds.subarray(4)) : null;
  // MP4 sample entries say 2 channels whatever the stream holds; the AudioSpecificConfig knows.
  const config = audioConfig ? parseAudioSpecificConfig(audioConfig) : null;
  return {
    codec: entry.type,
    sampleRate: config?.sampleRate || entry.body.readUInt32BE(24) >>> 16,
    channels: config?.channels || entry.body.readUInt16BE(16),
    objectType: config?.objectType ?? null,
    audioConfig,
  };
}

const AAC_RATES = [96000, 88200, 64000, 48000, 44100, 32000, 24000, 22050, 16000, 12000, 11025, 8000, 7350];

/** Object type, sampling rate and channel configuration: the first 13 (or 37) bits of the config. */
export function parseAudioSpecificConfig(config: Buffer): { objectType: number; sampleRate: number; channels: number } | null {
  let bit = 0;
  const read = (n: number): number => {
    let value = 0;
    for (let i = 0; i < n; i++, bit++) value = value * 2 + (((config[bit >> 3] ?? 0) >> (7 - (bit & 7))) & 1);
    return value;
  };
  if (config.length < 2) return null;
  let objectType = read(5);
  if (objectType === 31) objectType = 32 + read(6);
  const rateIndex = read(4);
  const sampleRate = rateIndex === 15 ? read(24) : (AAC_RATES[rateIndex] ?? 0);
  return { objectType, sampleRate, channels: read(4) };
}

/** The AudioSpecificConfig inside an ES_Descriptor (tag 3) → DecoderConfigDescriptor (tag 4) → tag 5. */
function decoderSpecificInfo(es: Buffer): Buffer | null {
  let at = 0;
  const descriptor = (): { tag: number; length: number } | null => {
    if (at >= es.length) return null;
    const tag = es[at++]!;
    let length = 0;
    for (let i = 0; i < 4 && at < es.length; i++) {
      const byte = es[at++]!;
      length = (length << 7) | (byte & 0x7f);
      if (!(byte & 0x80)) break;
    }
    return { tag, length };
  };
  const esDescriptor = descriptor();
  if (esDescriptor?.tag !== 3) return null;
  const flags = es[at + 2] ?? 0;
  at += 3;
  if (flags & 0x80) at += 2;
  if (flags & 0x40) at += 1 + (es[at] ?? 0);
  if (flags & 0x20) at += 2;
  const config = descriptor();
  if (config?.tag !== 4) return null;
  at += 13;
  const specific = descriptor();
  if (specific?.tag !== 5 || at + specific.length > es.length) return null;
  return es.subarray(at, at + specific.length);
}
