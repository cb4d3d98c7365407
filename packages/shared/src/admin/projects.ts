import { z } from 'zod';
import { adminSearchSchema, optionalFilter, sortShape } from './paging.ts';
import { pageInfoShape, pageLimitSchema, pageNumberSchema } from '../paging.ts';

export const ADMIN_PROJECTS_PAGE_SIZE = 10;
/** The back-office status of a project, mapped from its stored status (docs/decisions.md). */
export const ADMIN_PROJECT_STATUSES = ['draft', 'processing', 'completed', 'failed'] as const;
export type AdminProjectStatus = (typeof ADMIN_PROJECT_STATUSES)[number];
export const ADMIN_PROJECT_PERIODS = ['today', '7days', '30days', '90days'] as const;

export const adminProjectStatsSchema = z.object({
  totalProjects: z.number().int(),
  todayProjects: z.number().int(),
  completedProjects: z.number().int(),
});
export type AdminProjectStats = z.infer<typeof adminProjectStatsSchema>;

export const ADMIN_PROJECT_SORT_COLUMNS = ['title', 'user', 'status', 'created', 'visibility'] as const;
export type AdminProjectSortColumn = (typeof ADMIN_PROJECT_SORT_COLUMNS)[number];

const adminProjectsFilterShape = {
  search: adminSearchSchema,
  status: optionalFilter(ADMIN_PROJECT_STATUSES),
  period: optionalFilter(ADMIN_PROJECT_PERIODS),
  ...sortShape(ADMIN_PROJECT_SORT_COLUMNS),
};

export const adminProjectsListInputSchema = z.object({
  page: pageNumberSchema,
  limit: pageLimitSchema(ADMIN_PROJECTS_PAGE_SIZE),
  ...adminProjectsFilterShape,
});
/** The CSV export of the project list: its filters and sort, every matching row. */
export const adminProjectsExportInputSchema = z.object(adminProjectsFilterShape);
export type AdminProjectsExportInput = z.input<typeof adminProjectsExportInputSchema>;
export type AdminProjectsListInput = z.input<typeof adminProjectsListInputSchema>;

/** A project in the back-office list (admin spec §3, Project (admin list)). */
export const adminProjectSchema = z.object({
  id: z.string(),
  title: z.string(),
  status: z.enum(ADMIN_PROJECT_STATUSES),
  createdAt: z.date(),
  settings: z.object({ industry: z.string().nullable() }),
  shareSettings: z.object({ isPublic: z.boolean() }),
  user: z.object({ id: z.string(), name: z.string(), email: z.string() }),
  /** What the AI providers charged for this project's generation calls, in USD (0 on the local engine). */
  aiCostUsd: z.number().nonnegative(),
});
export type AdminProject = z.infer<typeof adminProjectSchema>;

/** The paging envelope, with the rows also under `projects` as the admin spec §3 names them. */
export const adminProjectsListSchema = z.object({ data: z.array(adminProjectSchema), projects: z.array(adminProjectSchema), ...pageInfoShape });
export type AdminProjectsList = z.infer<typeof adminProjectsListSchema>;
