import { ActionIcon, Badge, Button, Group, Stack, Table, Text, Tooltip } from '@mantine/core';
import type { AdminSubscription } from '@reelsmith/shared';
import { IconAdjustmentsHorizontal, IconEye } from '@tabler/icons-react';
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
}: {
  subscriptions: readonly AdminSubscription[];
  canManage: boolean;
  onDetails: (subscription: AdminSubscription) => void;
  onAdjust: (subscription: AdminSubscription) => void;
}) {
  return (
    <Table.ScrollContainer minWidth={820}>
      <Table verticalSpacing="sm" highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>User</Table.Th>
            <Table.Th>Plan</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th>Start Date</Table.Th>
            <Table.Th>End Date</Table.Th>
            <Table.Th>Actions</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {subscriptions.map((sub) => (
            <Table.Tr key={sub.id} data-testid="subscription-row">
              <Table.Td>
                <Stack gap={0} miw={0}>
                  <Text size="sm" fw={600} truncate="end">
                    {userDisplayName(sub.user)}
                  </Text>
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
