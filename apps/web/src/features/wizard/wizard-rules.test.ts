import type { Project } from '@reelsmith/shared';
import { describe, expect, it } from 'vitest';
import { allScenesHaveVideos, clampStep, exportFileName, initialStep, parseStepParam, progressExport, progressPercent, stepName } from './wizard-rules.ts';

const scene = (sceneId: string) => ({ sceneId, title: sceneId, text: 'Hello there.', durationSeconds: 5, wordCount: 2 });

function project(overrides: Partial<Project> = {}): Project {
  return {
    id: 'p1',
    title: 'Spring Launch',
    status: 'Draft',
    aspect: '9:16',
    reelTime: 20,
    currentStep: 1,
    scenes: [],
    params: {},
    assets: {},
    lastError: null,
    share: null,
    createdAt: new Date('2026-11-20T10:00:00.000Z'),
    updatedAt: new Date('2026-11-22T10:00:00.000Z'),
    ...overrides,
  };
}

describe('progressPercent', () => {
  it.each([
    [1, 0],
    [2, 16],
    [3, 33],
    [4, 50],
    [5, 66],
    [6, 83],
  ])('step %i is %i%%', (step, percent) => {
    expect(progressPercent(step)).toBe(percent);
  });

  it('keeps out-of-range steps within the six', () => {
    expect(progressPercent(0)).toBe(0);
    expect(progressPercent(9)).toBe(83);
  });
});

describe('steps', () => {
  it('clamps and names steps', () => {
    expect(clampStep(-2)).toBe(1);
    expect(clampStep(7)).toBe(6);
    expect(clampStep(Number.NaN)).toBe(1);
    expect(stepName(1)).toBe('Script & Scenes');
    expect(stepName(6)).toBe('Merge & Export');
  });

  it('reads ?step only when it is a step', () => {
    expect(parseStepParam('3')).toBe(3);
    expect(parseStepParam(null)).toBeNull();
    expect(parseStepParam('0')).toBeNull();
    expect(parseStepParam('7')).toBeNull();
    expect(parseStepParam('2.5')).toBeNull();
    expect(parseStepParam('two')).toBeNull();
  });
});

describe('initialStep', () => {
  const videos = { video_generated: { a: '/media/projects/p1/a.mp4', b: '/media/projects/p1/b.mp4' } };

  it('starts a new project at step 1', () => {
    expect(initialStep(null)).toBe(1);
  });

  it('opens at the saved step', () => {
    expect(initialStep(project({ currentStep: 3 }))).toBe(3);
    expect(initialStep(project({ currentStep: 0 }))).toBe(1);
  });

  it('jumps to step 6 when every scene has its video', () => {
    expect(initialStep(project({ currentStep: 4, scenes: [scene('a'), scene('b')], assets: videos }))).toBe(6);
    expect(initialStep(project({ currentStep: 6, scenes: [scene('a'), scene('b')], assets: videos }))).toBe(6);
  });

  it('stays when a scene still lacks its video, or there are no scenes', () => {
    expect(initialStep(project({ currentStep: 5, scenes: [scene('a'), scene('c')], assets: videos }))).toBe(5);
    expect(initialStep(project({ currentStep: 2, scenes: [], assets: videos }))).toBe(2);
    expect(allScenesHaveVideos(project({ scenes: [] }))).toBe(false);
  });
});

describe('Export Progress', () => {
  it('names the file after the title', () => {
    expect(exportFileName('Spring Launch')).toBe('Spring Launch-progress.json');
    expect(exportFileName('Q3: sales/marketing?')).toBe('Q3- sales-marketing-progress.json');
    expect(exportFileName('  ')).toBe('Untitled UGC Video-progress.json');
  });

  it('holds the title, status, step, scenes, params and asset URLs', () => {
    const saved = project({
      status: 'MediaGenerated',
      currentStep: 3,
      scenes: [scene('a')],
      params: { script: 'Hello there.' },
      assets: { voiceover: { a: '/media/projects/p1/a.mp3' } },
    });
    expect(progressExport(saved, 3, new Date('2026-11-23T00:00:00.000Z'))).toEqual({
      title: 'Spring Launch',
      status: 'MediaGenerated',
      step: 3,
      stepName: 'Avatar & Setting',
      savedStep: 3,
      aspect: '9:16',
      reelTime: 20,
      scenes: [scene('a')],
      params: { script: 'Hello there.' },
      assets: { voiceover: { a: '/media/projects/p1/a.mp3' } },
      createdAt: '2026-11-20T10:00:00.000Z',
      updatedAt: '2026-11-22T10:00:00.000Z',
      exportedAt: '2026-11-23T00:00:00.000Z',
    });
  });
});
