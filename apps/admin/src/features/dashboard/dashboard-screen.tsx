import { Alert, Group, Select, Stack, Text } from '@mantine/core';
import type { AnalyticsTimeRange } from '@reelsmith/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { FetchError } from '../../components/fetch-error.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { useTRPC } from '../../lib/trpc.ts';
import { analyticsRangeOptions, isAnalyticsRange, statsRefreshMs } from './dashboard-ranges.ts';
import { KpiCards } from './kpi-cards.tsx';
import { OverviewCharts } from './overview-charts.tsx';
import { OverviewRangePicker } from './overview-range-picker.tsx';
import { rangeFromSearch, rangeToSearch, seriesInputOf, statsInputOf, utcToday, type OverviewRange } from './overview-range-state.ts';
import { ProjectFunnelCard } from './project-funnel-card.tsx';
import { SignupFunnelCard } from './signup-funnel-card.tsx';

export function DashboardScreen() {
  const trpc = useTRPC();
  // The range lives in the address (?range=30d or ?from=…&to=…), so a reload or a shared link keeps it.
  const [searchParams, setSearchParams] = useSearchParams();
  const today = utcToday();
  const { range, problem } = rangeFromSearch(searchParams, today);
  const setRange = (next: OverviewRange) => setSearchParams(rangeToSearch(next), { replace: true });
  const [analyticsRange, setAnalyticsRange] = useState<AnalyticsTimeRange>('month');
  const stats = useQuery({
    ...trpc.admin.stats.get.queryOptions(statsInputOf(range, today)),
    refetchInterval: statsRefreshMs,
    placeholderData: keepPreviousData,
  });
  const series = useQuery({ ...trpc.admin.stats.series.queryOptions(seriesInputOf(range)), refetchInterval: statsRefreshMs, placeholderData: keepPreviousData });
  const projectFunnel = useQuery({ ...trpc.admin.analytics.projectFunnel.queryOptions({ timeRange: analyticsRange }), placeholderData: keepPreviousData });
  const signupFunnel = useQuery({ ...trpc.admin.analytics.signupFunnel.queryOptions({ timeRange: analyticsRange }), placeholderData: keepPreviousData });

  return (
    <>
      <PageHeader
        title="Overview"
        subtitle="Users, revenue and project activity across the platform"
        actions={<OverviewRangePicker key={JSON.stringify(range)} range={range} onChange={setRange} />}
      />
      {problem ? (
        <Alert color="yellow" variant="light" mb="md" title="The range in the address was not used">
          {problem} Showing the last 30 days.
        </Alert>
      ) : null}
      <FetchError error={stats.error} message="Failed to fetch stats" />
      <KpiCards stats={stats.data} />
      <FetchError error={series.error} message="Failed to fetch charts" />
      <OverviewCharts series={series.data} loading={series.isPending} />

      <Group justify="space-between" align="flex-end" mb="md" gap="sm">
        <Stack gap={2}>
          <Text fw={700} fz="xl">
            Funnels
          </Text>
          <Text size="sm" c="dimmed">
            Projects by wizard step and signups that went on to subscribe
          </Text>
        </Stack>
        <Select
          label="Analytics range"
          data={analyticsRangeOptions.map((option) => ({ ...option }))}
          value={analyticsRange}
          onChange={(value) => {
            if (isAnalyticsRange(value)) setAnalyticsRange(value);
          }}
          allowDeselect={false}
          w={180}
        />
      </Group>
      <FetchError error={projectFunnel.error ?? signupFunnel.error} message="Failed to fetch analytics" />
      <Stack gap="lg">
        <ProjectFunnelCard funnel={projectFunnel.data} range={analyticsRange} loading={projectFunnel.isPending} />
        <SignupFunnelCard funnel={signupFunnel.data} range={analyticsRange} />
      </Stack>
    </>
  );
}
