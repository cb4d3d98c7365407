import { describe, expect, it } from 'vitest';
import { MOUTH_SHAPES } from './mouth-shapes.ts';
import { visemeOf, visemeTrack } from './visemes.ts';

describe('visemes', () => {
  it.each([
    // espeak-ng mnemonics
    ['_:', 'rest'], ['m', 'closed'], ['b', 'closed'], ['f', 'lipbite'], ['aI', 'open'], ['A:', 'open'], ['oU', 'round'], ['0', 'round'],
    ['u:', 'pucker'], ['w', 'pucker'], ['i:', 'wide'], ['eI', 'wide'], ['@', 'mid'], ['3:', 'mid'], ['s', 'teeth'], ['tS', 'teeth'], ['D', 'teeth'],
    // flite ARPAbet
    ['pau', 'rest'], ['p', 'closed'], ['v', 'lipbite'], ['aa', 'open'], ['ow', 'round'], ['uw', 'pucker'], ['iy', 'wide'], ['ax', 'mid'], ['th', 'teeth'], ['ng', 'teeth'], ['hh', 'teeth'],
  ])('%s is %s', (phoneme, viseme) => {
    expect(visemeOf(phoneme)).toBe(viseme);
  });

  it('opens the mouth more for vowels than consonants, and not at all at rest', () => {
    // The area a shape opens: its width scale times its height scale (the drawn shapes, mouth-shapes.ts).
    const area = (v: keyof typeof MOUTH_SHAPES) => (MOUTH_SHAPES[v] ? MOUTH_SHAPES[v][0] * MOUTH_SHAPES[v][1] : 0);
    expect(area('open')).toBeGreaterThan(area('wide'));
    expect(area('wide')).toBeGreaterThan(area('teeth'));
    expect(area('rest')).toBe(0);
  });

  it('gives each frame the phoneme at its middle, holds shapes at least two frames, and rests outside speech', () => {
    const phonemes = [
      { phoneme: 'h', startSeconds: 0.1, endSeconds: 0.2 },
      { phoneme: 'aI', startSeconds: 0.2, endSeconds: 0.42 },
      { phoneme: 'm', startSeconds: 0.42, endSeconds: 0.45 }, // shorter than a frame's middle can catch
      { phoneme: 'oU', startSeconds: 0.45, endSeconds: 0.6 },
    ];
    const track = visemeTrack(phonemes, 25, 0.8);
    expect(track).toHaveLength(20);
    expect(track.slice(0, 2)).toEqual(['rest', 'rest']);
    expect(track.slice(3, 5)).toEqual(['teeth', 'teeth']);
    expect(track.slice(5, 10)).toEqual(['open', 'open', 'open', 'open', 'open']);
    expect(track.slice(11, 15)).toEqual(['round', 'round', 'round', 'round']);
    expect(track.slice(15)).toEqual(['rest', 'rest', 'rest', 'rest', 'rest']);
    // No run is a single frame.
    for (let f = 1; f < track.length - 1; f++) expect(track[f] === track[f - 1] || track[f] === track[f + 1]).toBe(true);
  });
});
