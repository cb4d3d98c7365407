import { Group, Select, Stack, Text } from '@mantine/core';
import type { AnalyticsTimeRange, StatsTimeRange } from '@reelsmith/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { FetchError } from '../../components/fetch-error.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { useTRPC } from '../../lib/trpc.ts';
import { analyticsRangeOptions, isAnalyticsRange, isStatsRange, statsRangeOptions, statsRefreshMs } from './dashboard-ranges.ts';
import { KpiCards } from './kpi-cards.tsx';
import { ProjectFunnelCard } from './project-funnel-card.tsx';
import { SignupFunnelCard } from './signup-funnel-card.tsx';

export function DashboardScreen() {
  const trpc = useTRPC();
  const [statsRange, setStatsRange] = useState<StatsTimeRange>('30days');
  const [analyticsRange, setAnalyticsRange] = useState<AnalyticsTimeRange>('month');
  const stats = useQuery({
    ...trpc.admin.stats.get.queryOptions({ timeRange: statsRange }),
    refetchInterval: statsRefreshMs,
    placeholderData: keepPreviousData,
  });
  const projectFunnel = useQuery({ ...trpc.admin.analytics.projectFunnel.queryOptions({ timeRange: analyticsRange }), placeholderData: keepPreviousData });
  const signupFunnel = useQuery({ ...trpc.admin.analytics.signupFunnel.queryOptions({ timeRange: analyticsRange }), placeholderData: keepPreviousData });

  return (
    <>
      <PageHeader
        title="Overview"
        subtitle="Users, revenue and project activity across the platform"
        actions={
          <Select
            label="Stats range"
            data={statsRangeOptions.map((option) => ({ ...option }))}
            value={statsRange}
            onChange={(value) => {
              if (isStatsRange(value)) setStatsRange(value);
            }}
            allowDeselect={false}
            w={180}
          />
        }
      />
      <FetchError error={stats.error} message="Failed to fetch stats" />
      <KpiCards stats={stats.data} />

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
