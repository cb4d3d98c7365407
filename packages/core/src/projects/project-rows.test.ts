import { MAX_UPLOADED_AVATARS } from '@reelsmith/shared';
import { describe, expect, it } from 'vitest';
import { readAssets, readParams, readScenes } from './project-rows.ts';

const url = (name: string) => `/media/projects/p1/${name}`;

function recorder() {
  const dropped: string[] = [];
  return { dropped, onDrop: (field: string) => dropped.push(field) };
}

describe('reading stored projects leniently, field by field', () => {
  it('keeps every reference when one uploaded avatar too many was stored', () => {
    const uploaded = Array.from({ length: MAX_UPLOADED_AVATARS + 1 }, (_, i) => url(`uploads/${i}.png`));
    const stored = {
      voiceover: { s1: url('voice/s1.mp3') },
      avatar: { uploaded, selected: uploaded[3], variations: [url('avatars/a.png')] },
      video_synced: { s1: url('videos/s1.mp4') },
      final: { type: 'single', url: url('final/f.mp4') },
    };
    const { dropped, onDrop } = recorder();
    const assets = readAssets(stored, onDrop);
    expect(assets.voiceover).toEqual({ s1: url('voice/s1.mp3') });
    expect(assets.video_synced).toEqual({ s1: url('videos/s1.mp4') });
    expect(assets.final).toEqual({ type: 'single', url: url('final/f.mp4') });
    expect(assets.avatar?.uploaded).toEqual(uploaded.slice(0, MAX_UPLOADED_AVATARS));
    expect(assets.avatar?.selected).toBe(uploaded[3]);
    expect(assets.avatar?.variations).toEqual([url('avatars/a.png')]);
    expect(dropped).toEqual([`assets.avatar.uploaded[${MAX_UPLOADED_AVATARS}..]`]);
  });

  it('drops only the entry that no longer fits, inside records, lists and nested objects', () => {
    const stored = {
      voiceover: { s1: url('voice/s1.mp3'), s2: 'https://elsewhere.example/x.mp3' },
      avatar: { uploaded: [url('uploads/a.png'), 42], selected: 'javascript:alert(1)' },
      product: 7,
      final: { type: 'nonsense', url: url('final/f.mp4') },
      video_generated: 'not a record',
      video_durations: { s1: 12.5 },
      unknown_key: { anything: true },
    };
    const { dropped, onDrop } = recorder();
    const assets = readAssets(stored, onDrop);
    expect(assets).toEqual({
      voiceover: { s1: url('voice/s1.mp3') },
      avatar: { uploaded: [url('uploads/a.png')] },
      video_durations: { s1: 12.5 },
    });
    expect(dropped.sort()).toEqual(
      ['assets.avatar.selected', 'assets.avatar.uploaded[1]', 'assets.final', 'assets.final.type', 'assets.product', 'assets.video_generated', 'assets.voiceover.s2'].sort(),
    );
  });

  it('reads nothing stored, or something that is not an object, as empty without failing', () => {
    const { dropped, onDrop } = recorder();
    expect(readAssets(null, onDrop)).toEqual({});
    expect(readAssets(undefined, onDrop)).toEqual({});
    expect(readAssets('garbage', onDrop)).toEqual({});
    expect(readParams([1, 2], onDrop)).toEqual({});
    expect(readScenes({ not: 'a list' }, onDrop)).toEqual([]);
    expect(dropped).toEqual(['assets', 'params', 'scenes']);
  });

  it('keeps the params that fit when one does not', () => {
    const { dropped, onDrop } = recorder();
    const params = readParams(
      { script: 'Hello there', aspect: '2:1', voiceover: { voiceId: 'v1', speed: 99, sceneSpeedSettings: { s1: 1.1, s2: 'fast' } }, video: { quality: 'high' } },
      onDrop,
    );
    expect(params).toEqual({ script: 'Hello there', voiceover: { voiceId: 'v1', sceneSpeedSettings: { s1: 1.1 } }, video: { quality: 'high' } });
    expect(dropped.sort()).toEqual(['params.aspect', 'params.voiceover.sceneSpeedSettings.s2', 'params.voiceover.speed'].sort());
  });

  it('keeps the scenes that fit, drops broken and repeated ones', () => {
    const good = { sceneId: 's1', title: 'One', text: 'First scene', durationSeconds: 5, wordCount: 2 };
    const { dropped, onDrop } = recorder();
    const scenes = readScenes([good, { sceneId: 's2', title: 'Two', text: '', durationSeconds: 5, wordCount: 0 }, { ...good, title: 'Again' }, { ...good, sceneId: 's3', stray: 1 }], onDrop);
    expect(scenes).toEqual([good, { ...good, sceneId: 's3' }]);
    expect(dropped).toEqual(['scenes[1].text', 'scenes[1]', 'scenes[2]']);
  });

  it('reads a value that fits unchanged and reports nothing', () => {
    const { dropped, onDrop } = recorder();
    const stored = { avatar: { uploaded: [url('uploads/a.png')], selected: 0 }, final: null };
    expect(readAssets(stored, onDrop)).toEqual(stored);
    expect(dropped).toEqual([]);
  });
});
