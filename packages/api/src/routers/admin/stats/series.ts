import { getOverviewSeries } from '@reelsmith/core';
import { overviewRangeInputSchema, overviewRangeOf, overviewSeriesSchema } from '@reelsmith/shared';
import { adminReadProcedure } from '../../../trpc.ts';

/** REST: GET /api/admin/stats/series — the Overview charts: signups, revenue, projects and videos per day, week or month. */
export const series = adminReadProcedure
  .meta({ summary: 'Overview charts over time (?range=30d or ?from=YYYY-MM-DD&to=YYYY-MM-DD)', rest: { method: 'GET', path: '/api/admin/stats/series', access: 'admin', inputFrom: 'query' } })
  .input(overviewRangeInputSchema)
  .output(overviewSeriesSchema)
  .query(({ ctx, input }) => getOverviewSeries(ctx.deps, overviewRangeOf(input)));
