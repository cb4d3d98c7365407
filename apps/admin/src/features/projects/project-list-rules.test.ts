import { describe, expect, it } from 'vitest';
import { completedHint, projectIndustry, projectTitle, todayHint } from './project-list-rules.ts';

describe('project list texts', () => {
  it("tells today's projects", () => {
    expect(todayHint(3)).toBe('+3 new');
    expect(todayHint(0)).toBe('No new projects');
  });

  it('shows the success percent or N/A', () => {
    expect(completedHint({ totalProjects: 8, completedProjects: 2 })).toBe('25% success');
    expect(completedHint({ totalProjects: 3, completedProjects: 1 })).toBe('33.3% success');
    expect(completedHint({ totalProjects: 0, completedProjects: 0 })).toBe('N/A');
  });

  it('falls back for a missing title or industry', () => {
    expect(projectTitle('')).toBe('Untitled Project');
    expect(projectTitle('  Launch ')).toBe('Launch');
    expect(projectIndustry(null)).toBe('No industry');
    expect(projectIndustry('Retail')).toBe('Retail');
  });
});
