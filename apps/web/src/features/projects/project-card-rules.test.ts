import type { Project } from '@reelsmith/shared';
import { describe, expect, it } from 'vitest';
import { aspectLabel, canDeleteProjects, cardActions, projectCardView, shareUrl } from './project-card-rules.ts';

function project(overrides: Partial<Project> = {}): Project {
  return {
    id: 'p1',
    title: 'Untitled UGC Video',
    status: 'Draft',
    aspect: '9:16',
    reelTime: 20,
    currentStep: 1,
    scenes: [],
    params: {},
    assets: {},
    lastError: null,
    share: null,
    createdAt: new Date(2026, 10, 22, 12),
    updatedAt: new Date(2026, 10, 22, 12),
    ...overrides,
  };
}

const scene = (sceneId: string) => ({ sceneId, title: sceneId, text: 'Hello there.', durationSeconds: 5, wordCount: 2 });

describe('aspectLabel', () => {
  it.each([
    ['16:9', '16:9 Landscape'],
    ['9:16', '9:16 Portrait'],
    ['1:1', '1:1 Square'],
    ['4:3', '4:3 Classic'],
    ['3:4', '3:4 Tall'],
    ['21:9', '21:9'],
  ])('%s → %s', (aspect, label) => {
    expect(aspectLabel(aspect)).toBe(label);
  });
});

describe('projectCardView', () => {
  it('shows a new draft as step 1 to continue', () => {
    expect(projectCardView(project())).toEqual({
      title: 'Untitled UGC Video',
      status: 'Draft',
      aspectLabel: '9:16 Portrait',
      scenesLabel: '0 scenes',
      createdLabel: 'Nov 22',
      stepLabel: 'Step 1/5',
      actionLabel: 'Continue',
      href: '/project/p1',
    });
  });

  it('counts scenes in the singular and plural', () => {
    expect(projectCardView(project({ scenes: [scene('a')] })).scenesLabel).toBe('1 scene');
    expect(projectCardView(project({ scenes: [scene('a'), scene('b'), scene('c')] })).scenesLabel).toBe('3 scenes');
  });

  it('shows the saved step, step 1 when missing, and at most 5 of 5', () => {
    expect(projectCardView(project({ currentStep: 3 })).stepLabel).toBe('Step 3/5');
    expect(projectCardView(project({ currentStep: 0 })).stepLabel).toBe('Step 1/5');
    expect(projectCardView(project({ currentStep: 6, status: 'LipSynced' })).stepLabel).toBe('Step 5/5');
  });

  it('offers Edit without a step once finished (merged, or at step 5)', () => {
    expect(projectCardView(project({ status: 'Merged', currentStep: 6 }))).toMatchObject({ stepLabel: null, actionLabel: 'Edit' });
    expect(projectCardView(project({ currentStep: 5 }))).toMatchObject({ stepLabel: null, actionLabel: 'Edit' });
  });

  it('reads an unknown status as Draft', () => {
    expect(projectCardView(project({ status: 'Exploded' as Project['status'] })).status).toBe('Draft');
  });
});

describe('cardActions', () => {
  it('shares finished projects only', () => {
    expect(cardActions({ status: 'Merged', currentStep: 6 }, true)).toEqual({ share: true, copyId: false, delete: true });
    expect(cardActions({ status: 'Draft', currentStep: 5 }, true)).toEqual({ share: true, copyId: false, delete: true });
  });

  it('offers the id of started, unfinished projects', () => {
    expect(cardActions({ status: 'MediaGenerated', currentStep: 3 }, false)).toEqual({ share: false, copyId: true, delete: false });
    expect(cardActions({ status: 'LipSynced', currentStep: 6 }, false)).toEqual({ share: false, copyId: true, delete: false });
  });

  it('offers neither for drafts', () => {
    expect(cardActions({ status: 'Draft', currentStep: 2 }, true)).toEqual({ share: false, copyId: false, delete: true });
    expect(cardActions({ status: 'Unknown' as Project['status'], currentStep: 1 }, true)).toMatchObject({ share: false, copyId: false });
  });
});

describe('canDeleteProjects', () => {
  it('hides delete from Free-plan customers and while the plan is unknown', () => {
    expect(canDeleteProjects({ isFreeUser: true, planName: 'Free' })).toBe(false);
    expect(canDeleteProjects({ isFreeUser: false, planName: 'Free' })).toBe(false);
    expect(canDeleteProjects({ isFreeUser: true, planName: null })).toBe(false);
    expect(canDeleteProjects(undefined)).toBe(false);
    expect(canDeleteProjects({ isFreeUser: false, planName: 'Pro' })).toBe(true);
  });
});

describe('shareUrl', () => {
  it('is {origin}/s/{shortId}', () => {
    expect(shareUrl('https://reelsmith.app', 'abcDEF123_-x')).toBe('https://reelsmith.app/s/abcDEF123_-x');
  });
});
