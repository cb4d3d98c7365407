import { SimpleGrid } from '@mantine/core';
import type { AdminStats } from '@reelsmith/shared';
import { IconCurrencyDollar, IconMovie, IconUserCheck, IconUsers } from '@tabler/icons-react';
import { StatCard } from '../../components/stat-card.tsx';
import { formatCount, formatMoney, formatPercent } from '../../lib/format.ts';

/** Spec §2 Overview: total users (with new users), active users as a percent, total revenue, total projects. */
export function KpiCards({ stats }: { stats: AdminStats | undefined }) {
  const placeholder = '…';
  const activePercent = stats && stats.users.total > 0 ? formatPercent((stats.users.active / stats.users.total) * 100) : stats ? '0%' : placeholder;
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, lg: 4 }} spacing="md" mb="xl">
      <StatCard
        label="Total Users"
        value={stats ? formatCount(stats.users.total) : placeholder}
        hint={stats ? `+${formatCount(stats.users.new)} new` : undefined}
        icon={IconUsers}
      />
      <StatCard
        label="Active Users"
        value={activePercent}
        hint={stats ? `${formatCount(stats.users.active)} active in this period` : undefined}
        icon={IconUserCheck}
      />
      <StatCard
        label="Total Revenue"
        value={stats ? formatMoney(stats.subscriptions.totalRevenue) : placeholder}
        hint={stats ? `${formatCount(stats.subscriptions.activeSubscriptions)} active subscriptions` : undefined}
        icon={IconCurrencyDollar}
      />
      <StatCard
        label="Total Projects"
        value={stats ? formatCount(stats.projects.total) : placeholder}
        hint={stats ? `+${formatCount(stats.projects.today)} today` : undefined}
        icon={IconMovie}
      />
    </SimpleGrid>
  );
}
