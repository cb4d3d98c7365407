import { AreaChart, BarChart } from '@mantine/charts';
import { Paper, SimpleGrid, Skeleton, Text } from '@mantine/core';
import type { OverviewSeries } from '@reelsmith/shared';
import { formatCount, formatMoney } from '../../lib/format.ts';
import { bucketLabel, chartTitle, seriesTotals } from './overview-chart-rules.ts';

type SeriesKey = 'signups' | 'revenue' | 'projects' | 'videos';

const charts: { key: SeriesKey; title: string; color: string; money?: boolean }[] = [
  { key: 'signups', title: 'Signups', color: 'blue.6' },
  { key: 'revenue', title: 'Revenue (net of refunds)', color: 'teal.6', money: true },
  { key: 'projects', title: 'Projects created', color: 'violet.6' },
  { key: 'videos', title: 'Videos made', color: 'orange.6' },
];

/** Signups, revenue, projects and videos over the chosen range, one point per day, week or month. */
export function OverviewCharts({ series, loading }: { series: OverviewSeries | undefined; loading: boolean }) {
  const totals = series ? seriesTotals(series) : null;
  const data = series?.points.map((p) => ({ ...p, label: bucketLabel(p.date, series.bucket) })) ?? [];
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md" mb="xl" data-testid="overview-charts">
      {charts.map((chart) => (
        <Paper key={chart.key} withBorder radius="lg" p="md" data-testid={`chart-${chart.key}`}>
          <Text fw={600}>{chart.title}</Text>
          <Text size="sm" c="dimmed" mb="sm">
            {series && totals ? `${chart.money ? formatMoney(totals[chart.key]) : formatCount(totals[chart.key])} in total · ${chartTitle(series)}` : ' '}
          </Text>
          {loading && !series ? (
            <Skeleton h={200} radius="md" />
          ) : chart.money ? (
            <AreaChart
              h={200}
              data={data}
              dataKey="label"
              series={[{ name: chart.key, label: 'Revenue', color: chart.color }]}
              valueFormatter={(value) => formatMoney(value)}
              curveType="monotone"
              withDots={data.length <= 31}
              tickLine="y"
            />
          ) : (
            <BarChart
              h={200}
              data={data}
              dataKey="label"
              series={[{ name: chart.key, label: chart.title, color: chart.color }]}
              valueFormatter={(value) => formatCount(value)}
              tickLine="y"
              yAxisProps={{ allowDecimals: false }}
            />
          )}
        </Paper>
      ))}
    </SimpleGrid>
  );
}
