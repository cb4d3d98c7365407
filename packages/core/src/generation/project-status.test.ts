import { describe, expect, it } from 'vitest';
import { deriveStatus, selectedPicture } from './project-status.ts';

const scenes = [
  { sceneId: 'a', title: 'A', text: 'a', durationSeconds: 6, wordCount: 1 },
  { sceneId: 'b', title: 'B', text: 'b', durationSeconds: 6, wordCount: 1 },
];
const m = (n: string) => `/media/projects/p/${n}`;

describe('project status', () => {
  it('follows the work', () => {
    expect(deriveStatus([], {})).toBe('Draft');
    expect(deriveStatus(scenes, { voiceover: { a: m('a.m4a'), b: m('b.m4a') } })).toBe('Draft');
    const media = { voiceover: { a: m('a.m4a'), b: m('b.m4a') }, avatar: { variations: [m('v0.png')], selected: 0 } };
    expect(deriveStatus(scenes, media)).toBe('MediaGenerated');
    expect(deriveStatus(scenes, { ...media, video_generated: { a: m('a.mp4') } })).toBe('MediaGenerated');
    expect(deriveStatus(scenes, { ...media, video_generated: { a: m('a.mp4'), b: m('b.mp4') } })).toBe('LipSynced');
    expect(deriveStatus(scenes, { ...media, final: { type: 'single', url: m('f.mp4') } })).toBe('Merged');
  });

  it('prefers the product-interaction picture unless the step was skipped', () => {
    const assets = { avatar: { variations: [m('v0.png'), m('v1.png')], selected: 1 }, avatar_product: { variations: [m('p0.png')], selected: 0 } };
    expect(selectedPicture(assets)).toBe(m('p0.png'));
    expect(selectedPicture({ ...assets, avatar_product: { ...assets.avatar_product, skipped: true } })).toBe(m('v1.png'));
    expect(selectedPicture({ avatar: { uploaded: [m('u.png')], selected: m('u.png') } })).toBe(m('u.png'));
    expect(selectedPicture({})).toBeNull();
  });
});
