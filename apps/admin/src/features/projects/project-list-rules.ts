import type { AdminProjectStats, AdminProjectStatus } from '@reelsmith/shared';
import { formatPercent } from '../../lib/format.ts';

// Spec §2 Project Analytics: card texts, the status select and the table's fallbacks.

export const projectStatusOptions: readonly { value: AdminProjectStatus | 'all'; label: string }[] = [
  { value: 'all', label: 'All Status' },
  { value: 'draft', label: 'Draft' },
  { value: 'processing', label: 'Processing' },
  { value: 'completed', label: 'Completed' },
  { value: 'failed', label: 'Failed' },
];

export const adminProjectStatusLabels: Record<AdminProjectStatus, { label: string; color: string }> = {
  draft: { label: 'Draft', color: 'gray' },
  processing: { label: 'Processing', color: 'blue' },
  completed: { label: 'Completed', color: 'teal' },
  failed: { label: 'Failed', color: 'red' },
};

export function isProjectStatusFilter(value: string | null): value is AdminProjectStatus | 'all' {
  return projectStatusOptions.some((option) => option.value === value);
}

/** "Today's Projects" hint: '+N new' or 'No new projects'. */
export function todayHint(todayProjects: number): string {
  return todayProjects > 0 ? `+${todayProjects} new` : 'No new projects';
}

/** The Completed card's hint: the success percent, or N/A when there are no projects. */
export function completedHint(stats: Pick<AdminProjectStats, 'totalProjects' | 'completedProjects'>): string {
  if (stats.totalProjects <= 0) return 'N/A';
  return `${formatPercent((stats.completedProjects / stats.totalProjects) * 100)} success`;
}

export function projectTitle(title: string | null | undefined): string {
  return title?.trim() || 'Untitled Project';
}

export function projectIndustry(industry: string | null | undefined): string {
  return industry?.trim() || 'No industry';
}
