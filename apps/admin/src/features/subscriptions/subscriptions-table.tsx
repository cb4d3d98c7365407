import { ActionIcon, Anchor, Badge, Button, Group, Stack, Table, Text, Tooltip } from '@mantine/core';
import type { AdminSubscription, AdminSubscriptionSortColumn } from '@reelsmith/shared';
import { IconAdjustmentsHorizontal, IconEye } from '@tabler/icons-react';
import { Link } from 'react-router';
import { SortableTh } from '../../components/sortable-th.tsx';
import type { SortDirection } from '../../lib/list-params.ts';
import { formatDate, userDisplayName } from '../../lib/format.ts';
import { planPriceText, subscriptionStatus } from './subscription-labels.ts';

export function SubscriptionStatusBadge({ status }: { status: string }) {
  const shown = subscriptionStatus(status);
  return (
    <Badge color={shown.color} variant="light">
      {shown.label}
    </Badge>
  );
}

/** Spec §2 Subscriptions table: User, Plan, Status, Start Date, End Date, Actions. */
export function SubscriptionsTable({
  subscriptions,
  canManage,
  onDetails,
  onAdjust,
  sorting,
}: {
  subscriptions: readonly AdminSubscription[];
  canManage: boolean;
  onDetails: (subscription: AdminSubscription) => void;
  onAdjust: (subscription: AdminSubscription) => void;
  sorting: { sort: AdminSubscriptionSortColumn | null; dir: SortDirection; onSort: (column: AdminSubscriptionSortColumn) => void };
}) {
  return (
    <Table.ScrollContainer minWidth={820}>
      <Table verticalSpacing="sm" highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <SortableTh column="user" {...sorting}>
              User
            </SortableTh>
            <SortableTh column="plan" {...sorting}>
              Plan
            </SortableTh>
            <SortableTh column="status" {...sorting}>
              Status
            </SortableTh>
            <SortableTh column="start" {...sorting}>
              Start Date
            </SortableTh>
            <SortableTh column="end" {...sorting}>
              End Date
            </SortableTh>
            <Table.Th>Actions</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {subscriptions.map((sub) => (
            <Table.Tr key={sub.id} data-testid="subscription-row">
              <Table.Td>
                <Stack gap={0} miw={0}>
                  <Anchor component={Link} to={`/users/${sub.userId}`} size="sm" fw={600} truncate="end" data-testid="subscription-customer">
                    {userDisplayName(sub.user)}
                  </Anchor>
                  <Text size="xs" c="dimmed" truncate="end">
                    {sub.user.email}
                  </Text>
                </Stack>
              </Table.Td>
              <Table.Td>
                <Stack gap={0}>
                  <Text size="sm" fw={600}>
                    {sub.plan.name}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {planPriceText(sub.plan)}
                  </Text>
                </Stack>
              </Table.Td>
              <Table.Td>
                <SubscriptionStatusBadge status={sub.status} />
              </Table.Td>
              <Table.Td>{formatDate(sub.startDate)}</Table.Td>
              <Table.Td data-testid="subscription-end">{formatDate(sub.endDate)}</Table.Td>
              <Table.Td>
                <Group gap="xs" wrap="nowrap">
                  <Button size="xs" variant="light" leftSection={<IconEye size={14} aria-hidden="true" />} onClick={() => onDetails(sub)}>
                    Details
                  </Button>
                  {canManage ? (
                    <Tooltip label="Adjust subscription">
                      <ActionIcon variant="subtle" aria-label={`Adjust subscription of ${sub.user.email}`} onClick={() => onAdjust(sub)}>
                        <IconAdjustmentsHorizontal size={18} aria-hidden="true" />
                      </ActionIcon>
                    </Tooltip>
                  ) : null}
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
