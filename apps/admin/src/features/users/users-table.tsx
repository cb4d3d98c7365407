import { ActionIcon, Anchor, Badge, Group, Menu, Stack, Table, Text } from '@mantine/core';
import type { AdminUser as Customer, AdminUserSortColumn } from '@reelsmith/shared';
import { IconDotsVertical, IconEye, IconUserCheck, IconUserOff } from '@tabler/icons-react';
import { Link, useNavigate } from 'react-router';
import { SortableTh } from '../../components/sortable-th.tsx';
import type { SortDirection } from '../../lib/list-params.ts';
import { formatCount, formatDate, userDisplayName } from '../../lib/format.ts';
import { subscriptionBadge } from './subscription-badge.ts';
import { UserAvatar } from './user-avatar.tsx';

export interface UsersTableProps {
  users: readonly Customer[];
  canModerate: boolean;
  onSetStatus: (user: Customer, isActive: boolean) => void;
  pendingUserId: string | null;
  sorting: { sort: AdminUserSortColumn | null; dir: SortDirection; onSort: (column: AdminUserSortColumn) => void };
}

export function UserStatusBadge({ isActive }: { isActive: boolean }) {
  return (
    <Badge color={isActive ? 'teal' : 'red'} variant="light">
      {isActive ? 'Active' : 'Suspended'}
    </Badge>
  );
}

function UserRowMenu({ user, canModerate, onSetStatus, pending }: { user: Customer; canModerate: boolean; onSetStatus: UsersTableProps['onSetStatus']; pending: boolean }) {
  const navigate = useNavigate();
  return (
    <Menu position="bottom-end" withinPortal shadow="md">
      <Menu.Target>
        <ActionIcon variant="subtle" color="gray" aria-label={`Actions for ${user.email}`} loading={pending}>
          <IconDotsVertical size={18} aria-hidden="true" />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item leftSection={<IconEye size={16} aria-hidden="true" />} onClick={() => void navigate(`/users/${user.id}`)}>
          View Details
        </Menu.Item>
        {canModerate ? (
          user.isActive ? (
            <Menu.Item color="red" leftSection={<IconUserOff size={16} aria-hidden="true" />} onClick={() => onSetStatus(user, false)}>
              Suspend User
            </Menu.Item>
          ) : (
            <Menu.Item color="teal" leftSection={<IconUserCheck size={16} aria-hidden="true" />} onClick={() => onSetStatus(user, true)}>
              Activate User
            </Menu.Item>
          )
        ) : null}
      </Menu.Dropdown>
    </Menu>
  );
}

function SubscriptionCell({ user }: { user: Customer }) {
  const badge = subscriptionBadge(user.subscription);
  return (
    <Group gap={6} wrap="nowrap">
      <Badge color={badge.color} variant="light">
        {badge.label}
      </Badge>
      {user.subscription && badge.label !== 'Free' ? (
        <Text size="sm" c="dimmed">
          {user.subscription.plan}
        </Text>
      ) : null}
    </Group>
  );
}

/** Phones get one card per customer instead of a table that would scroll sideways. */
function UserCards({ users, canModerate, onSetStatus, pendingUserId }: UsersTableProps) {
  return (
    <Stack gap={0} hiddenFrom="sm">
      {users.map((user) => {
        const name = userDisplayName(user);
        return (
          <Stack key={user.id} gap={8} py="sm" data-testid="user-card" style={{ borderBottom: '1px solid var(--mantine-color-gray-2)' }}>
            <Group justify="space-between" wrap="nowrap" gap="sm">
              <Group gap="sm" wrap="nowrap" miw={0}>
                <UserAvatar src={user.profileImageUrl} name={name} />
                <Stack gap={0} miw={0}>
                  <Text size="sm" fw={600} truncate="end">
                    {name}
                  </Text>
                  <Text size="xs" c="dimmed" truncate="end">
                    {user.email}
                  </Text>
                </Stack>
              </Group>
              <UserRowMenu user={user} canModerate={canModerate} onSetStatus={onSetStatus} pending={pendingUserId === user.id} />
            </Group>
            <Group gap="xs">
              <SubscriptionCell user={user} />
              <UserStatusBadge isActive={user.isActive} />
            </Group>
            <Text size="xs" c="dimmed">
              {formatCount(user.projectCount)} {user.projectCount === 1 ? 'project' : 'projects'} · Joined {formatDate(user.createdAt)}
            </Text>
          </Stack>
        );
      })}
    </Stack>
  );
}

/** Spec §2 User Management: User, Subscription, Projects, Joined, Status, Actions. */
export function UsersTable(props: UsersTableProps) {
  const { users, canModerate, onSetStatus, pendingUserId, sorting } = props;
  return (
    <>
      <UserCards {...props} />
      <Table.ScrollContainer minWidth={760} visibleFrom="sm">
        <Table verticalSpacing="sm" highlightOnHover>
          <Table.Thead>
            <Table.Tr>
              <SortableTh column="email" {...sorting}>
                User
              </SortableTh>
              <Table.Th>Subscription</Table.Th>
              <SortableTh column="projects" {...sorting}>
                Projects
              </SortableTh>
              <SortableTh column="joined" {...sorting}>
                Joined
              </SortableTh>
              <SortableTh column="status" {...sorting}>
                Status
              </SortableTh>
              <Table.Th w={72}>
                <Text span size="sm" fw={700}>
                  Actions
                </Text>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {users.map((user) => {
              const name = userDisplayName(user);
              return (
                <Table.Tr key={user.id} data-testid="user-row">
                  <Table.Td>
                    <Group gap="sm" wrap="nowrap">
                      <UserAvatar src={user.profileImageUrl} name={name} />
                      <Stack gap={0} miw={0}>
                        <Anchor component={Link} to={`/users/${user.id}`} size="sm" fw={600} truncate="end">
                          {name}
                        </Anchor>
                        <Text size="xs" c="dimmed" truncate="end">
                          {user.email}
                        </Text>
                      </Stack>
                    </Group>
                  </Table.Td>
                  <Table.Td>
                    <SubscriptionCell user={user} />
                  </Table.Td>
                  <Table.Td>{formatCount(user.projectCount)}</Table.Td>
                  <Table.Td>{formatDate(user.createdAt)}</Table.Td>
                  <Table.Td>
                    <UserStatusBadge isActive={user.isActive} />
                  </Table.Td>
                  <Table.Td>
                    <UserRowMenu user={user} canModerate={canModerate} onSetStatus={onSetStatus} pending={pendingUserId === user.id} />
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </>
  );
}
