import { Badge, Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { AdminUser as Customer } from '@reelsmith/shared';
import { CenteredLoader } from '@reelsmith/ui';
import { useQuery } from '@tanstack/react-query';
import { IconArrowLeft, IconUserCheck, IconUserOff } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { FetchError } from '../../components/fetch-error.tsx';
import { TablePanel } from '../../components/table-panel.tsx';
import { useAdminAbilities } from '../../lib/admin-role.ts';
import { formatCount, formatDate, userDisplayName } from '../../lib/format.ts';
import { usePageTitle } from '../../lib/page-title.ts';
import { useTRPC } from '../../lib/trpc.ts';
import { UserAvatar } from '../users/user-avatar.tsx';
import { UserStatusBadge } from '../users/users-table.tsx';
import { useSetUserStatus } from '../users/use-set-user-status.ts';
import { subscriptionStatusLabel } from '../users/subscription-badge.ts';
import { isUserId } from './project-rules.ts';
import { UserProjectsTable } from './user-projects-table.tsx';
import { VideoPreviewDialog, type PreviewTarget } from './video-preview-dialog.tsx';

function BackToUsers() {
  return (
    <Button component={Link} to="/users" variant="subtle" leftSection={<IconArrowLeft size={16} aria-hidden="true" />} mb="md" px="xs">
      Back to Users
    </Button>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Group justify="space-between" gap="sm" wrap="nowrap">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={600} ta="right" component="div">
        {children}
      </Text>
    </Group>
  );
}

function SubscriptionDetails({ subscription }: { subscription: Customer['subscription'] }) {
  return (
    <Paper withBorder radius="lg" p="lg">
      <Title order={2} fz="lg" mb="md">
        Subscription Details
      </Title>
      {subscription ? (
        <Stack gap="sm">
          <Fact label="Plan">{subscription.plan}</Fact>
          <Fact label="Status">
            <Badge variant="light">{subscriptionStatusLabel(subscription.status)}</Badge>
          </Fact>
          {subscription.expiresAt ? <Fact label="Expires">{formatDate(subscription.expiresAt)}</Fact> : null}
        </Stack>
      ) : (
        <Text c="dimmed" size="sm">
          No active subscription
        </Text>
      )}
    </Paper>
  );
}

/** Spec §2 User details: header, Account Information, Subscription Details, projects with Preview and download. */
export function UserDetailsScreen({ userId }: { userId: string | undefined }) {
  const trpc = useTRPC();
  const abilities = useAdminAbilities();
  const validId = isUserId(userId);
  const id = validId ? userId : '';
  const user = useQuery({ ...trpc.admin.users.list.queryOptions({ page: 1, limit: 1, userId: id }), enabled: validId });
  const projects = useQuery({ ...trpc.admin.users.projects.queryOptions({ userId: id }), enabled: validId });
  const setStatus = useSetUserStatus();
  const [preview, setPreview] = useState<PreviewTarget | null>(null);
  const customer = user.data?.users[0] ?? null;
  usePageTitle(customer ? userDisplayName(customer) : 'User details');

  if (validId && user.isPending) return <CenteredLoader />;
  if (user.error) {
    return (
      <>
        <BackToUsers />
        <FetchError error={user.error} message="Failed to fetch user details" />
      </>
    );
  }
  if (!customer) {
    return (
      <>
        <BackToUsers />
        <Paper withBorder radius="lg" p="xl">
          <Text ta="center" fw={600}>
            User not found
          </Text>
        </Paper>
      </>
    );
  }

  const name = userDisplayName(customer);
  const projectRows = projects.data ?? [];
  return (
    <>
      <BackToUsers />
      <Paper withBorder radius="lg" p="lg" mb="lg">
        <Group justify="space-between" gap="md">
          <Group gap="md" wrap="nowrap" miw={0}>
            <UserAvatar src={customer.profileImageUrl} name={name} size={64} />
            <Stack gap={4} miw={0}>
              <Group gap="sm">
                <Title order={1} fz={{ base: 22, sm: 26 }}>
                  {name}
                </Title>
                <UserStatusBadge isActive={customer.isActive} />
              </Group>
              <Text c="dimmed" truncate="end">
                {customer.email}
              </Text>
            </Stack>
          </Group>
          {abilities.moderateUsers ? (
            <Button
              color={customer.isActive ? 'red' : 'teal'}
              variant={customer.isActive ? 'light' : 'filled'}
              leftSection={customer.isActive ? <IconUserOff size={16} aria-hidden="true" /> : <IconUserCheck size={16} aria-hidden="true" />}
              loading={setStatus.isPending}
              onClick={() => setStatus.request(customer, !customer.isActive)}
            >
              {customer.isActive ? 'Suspend User' : 'Activate User'}
            </Button>
          ) : null}
        </Group>
      </Paper>

      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg" mb="lg">
        <Paper withBorder radius="lg" p="lg">
          <Title order={2} fz="lg" mb="md">
            Account Information
          </Title>
          <Stack gap="sm">
            <Fact label="Joined">{formatDate(customer.createdAt)}</Fact>
            <Fact label="Projects">{formatCount(customer.projectCount)}</Fact>
          </Stack>
        </Paper>
        <SubscriptionDetails subscription={customer.subscription} />
      </SimpleGrid>

      <Title order={2} fz="lg" mb="sm">
        Projects
      </Title>
      <FetchError error={projects.error} message="Failed to fetch user projects" />
      <TablePanel loading={projects.isPending} empty={projectRows.length === 0} emptyText="No projects found">
        <UserProjectsTable projects={projectRows} onPreview={setPreview} />
      </TablePanel>
      <VideoPreviewDialog target={preview} onClose={() => setPreview(null)} />
      {setStatus.confirmDialog}
    </>
  );
}
