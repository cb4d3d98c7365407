import { Badge, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import type { AdminSession } from '@reelsmith/shared';
import { useQuery } from '@tanstack/react-query';
import { IconCalendarEvent, IconMapPin, IconPlugConnected } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { FetchError } from '../../components/fetch-error.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { StatCard } from '../../components/stat-card.tsx';
import { durationBetween, formatCount } from '../../lib/format.ts';
import { SortableTh } from '../../components/sortable-th.tsx';
import type { SortDirection } from '../../lib/list-params.ts';
import { useTRPC } from '../../lib/trpc.ts';
import { useListParams } from '../../lib/use-list-params.ts';
import { SessionDeviceCell, SessionLocationCell, SessionTimeCell, SessionUserCell } from './session-cells.tsx';
import { SESSION_SORT_COLUMNS, sessionCards, sessionEnd, sessionsRefreshMs, sortSessions, splitSessions, type SessionSortColumn } from './session-rules.ts';

const listSpec = { sortColumns: SESSION_SORT_COLUMNS };

function SessionsSection({ id, title, subtitle, empty, emptyText, children }: { id: string; title: string; subtitle: string; empty: boolean; emptyText: string; children: ReactNode }) {
  return (
    <Paper withBorder radius="lg" p={{ base: 'sm', sm: 'md' }} aria-labelledby={id}>
      <Stack gap={2} mb="sm" px={4}>
        <Title order={2} fz="lg" id={id}>
          {title}
        </Title>
        <Text size="sm" c="dimmed">
          {subtitle}
        </Text>
      </Stack>
      {empty ? (
        <Text c="dimmed" ta="center" py="lg">
          {emptyText}
        </Text>
      ) : (
        children
      )}
    </Paper>
  );
}

function ActiveSessionsTable({
  sessions,
  sorting,
}: {
  sessions: readonly AdminSession[];
  sorting: { sort: SessionSortColumn | null; dir: SortDirection; onSort: (column: SessionSortColumn) => void };
}) {
  return (
    <Table.ScrollContainer minWidth={820}>
      <Table verticalSpacing="sm">
        <Table.Thead>
          <Table.Tr>
            <SortableTh column="user" {...sorting}>
              User
            </SortableTh>
            <Table.Th>Device</Table.Th>
            <SortableTh column="location" {...sorting}>
              Location
            </SortableTh>
            <SortableTh column="login" {...sorting}>
              Login Time
            </SortableTh>
            <SortableTh column="activity" {...sorting}>
              Last Activity
            </SortableTh>
            <Table.Th>Status</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {sessions.map((session) => (
            <Table.Tr key={session.id}>
              <Table.Td><SessionUserCell session={session} /></Table.Td>
              <Table.Td><SessionDeviceCell session={session} /></Table.Td>
              <Table.Td><SessionLocationCell session={session} /></Table.Td>
              <Table.Td><SessionTimeCell value={session.loginAt} /></Table.Td>
              <Table.Td><SessionTimeCell value={session.lastActivityAt} /></Table.Td>
              <Table.Td>
                <Badge color="teal" variant="light">Active</Badge>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function RecentSessionsTable({ sessions }: { sessions: readonly AdminSession[] }) {
  return (
    <Table.ScrollContainer minWidth={820}>
      <Table verticalSpacing="sm">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>User</Table.Th>
            <Table.Th>Device</Table.Th>
            <Table.Th>Location</Table.Th>
            <Table.Th>Login Time</Table.Th>
            <Table.Th>Duration</Table.Th>
            <Table.Th>Status</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {sessions.map((session) => (
            <Table.Tr key={session.id}>
              <Table.Td><SessionUserCell session={session} /></Table.Td>
              <Table.Td><SessionDeviceCell session={session} /></Table.Td>
              <Table.Td><SessionLocationCell session={session} /></Table.Td>
              <Table.Td><SessionTimeCell value={session.loginAt} /></Table.Td>
              <Table.Td>{durationBetween(session.loginAt, sessionEnd(session))}</Table.Td>
              <Table.Td>
                <Badge color="gray" variant="light">Ended</Badge>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** Spec §2 Session Management; refetched every 30 s. */
export function SessionsScreen() {
  const trpc = useTRPC();
  const sessions = useQuery({ ...trpc.admin.sessions.list.queryOptions(), refetchInterval: sessionsRefreshMs });
  const all = sessions.data ?? [];
  const cards = sessionCards(all);
  const [params, update] = useListParams(listSpec);
  const { active: live, recent } = splitSessions(all);
  const active = sortSessions(live, params.sort, params.dir);
  const value = (count: number) => (sessions.data ? formatCount(count) : '…');

  return (
    <>
      <PageHeader title="Session Management" subtitle="Monitor customer login sessions" />
      <FetchError error={sessions.error} message="Failed to fetch sessions" />
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md" mb="xl">
        <StatCard label="Active Sessions" value={value(cards.active)} hint="Currently signed in" icon={IconPlugConnected} />
        <StatCard label="Today's Logins" value={value(cards.todayLogins)} hint="Sessions started today" icon={IconCalendarEvent} />
        <StatCard label="Unique Locations" value={value(cards.uniqueLocations)} hint="Distinct countries" icon={IconMapPin} />
      </SimpleGrid>
      <Stack gap="lg">
        <SessionsSection id="active-sessions" title="Active Sessions" subtitle="Currently logged in users" empty={active.length === 0} emptyText={sessions.isPending ? 'Loading…' : 'No active sessions'}>
          <ActiveSessionsTable sessions={active} sorting={{ sort: params.sort, dir: params.dir, onSort: (column) => update({ sortBy: column }) }} />
        </SessionsSection>
        <SessionsSection id="recent-sessions" title="Recent Sessions" subtitle="Login history from the last 24 hours" empty={recent.length === 0} emptyText={sessions.isPending ? 'Loading…' : 'No recent sessions'}>
          <RecentSessionsTable sessions={recent} />
        </SessionsSection>
      </Stack>
      <Text size="xs" c="dimmed" mt="lg">
        IP geolocation by{' '}
        <a href="https://db-ip.com" target="_blank" rel="noreferrer">
          DB-IP
        </a>
        .
      </Text>
    </>
  );
}
