// The joined soundtrack as a filter graph: each clip's audio made exactly its part's length (silence
// for a clip without audio), then dips (fade), overlaps (crossfade) or plain joins, ending in [a].
import type { Transition } from '../engines.ts';

export interface AudioPart {
  /** The ffmpeg input index of the clip. */
  input: number;
  /** 0 when the clip has no audio. */
  channels: number;
  /** How long this part lasts in the joined video. */
  seconds: number;
}

export function audioLayout(parts: readonly AudioPart[]): { channels: 1 | 2; layout: 'mono' | 'stereo' } {
  // Mono voices stay mono; anything else becomes stereo.
  return parts.every((p) => p.channels <= 1) ? { channels: 1, layout: 'mono' } : { channels: 2, layout: 'stereo' };
}

/** `fadeSeconds`: each side of a dip (fade); `overlaps`: seconds per join (crossfade). */
export function joinedAudioGraph(parts: readonly AudioPart[], transition: Transition, options: { fadeSeconds: number; overlaps: readonly number[] }): string[] {
  const { layout } = audioLayout(parts);
  const graph = parts.map((part, i) => {
    const length = part.seconds.toFixed(3);
    let audio = part.channels
      ? `[${part.input}:a:0]aresample=44100,aformat=sample_fmts=fltp:channel_layouts=${layout},apad,atrim=duration=${length},asetpts=PTS-STARTPTS`
      : `anullsrc=r=44100:cl=${layout},atrim=duration=${length}`;
    if (transition === 'fade') {
      const d = options.fadeSeconds.toFixed(3);
      if (i > 0) audio += `,afade=t=in:st=0:d=${d}`;
      if (i < parts.length - 1) audio += `,afade=t=out:st=${(part.seconds - options.fadeSeconds).toFixed(3)}:d=${d}`;
    }
    return `${audio}[a${i}]`;
  });
  if (transition === 'crossfade' && parts.length > 1) {
    let a = 'a0';
    for (let k = 1; k < parts.length; k++) {
      const next = k === parts.length - 1 ? 'a' : `xa${k}`;
      graph.push(`[${a}][a${k}]acrossfade=d=${options.overlaps[k - 1]!.toFixed(3)}[${next}]`);
      a = next;
    }
  } else {
    graph.push(`${parts.map((_p, i) => `[a${i}]`).join('')}concat=n=${parts.length}:v=0:a=1[a]`);
  }
  return graph;
}
