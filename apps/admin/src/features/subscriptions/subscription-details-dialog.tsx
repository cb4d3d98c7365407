import { Badge, Button, Center, Group, Loader, Modal, SimpleGrid, Table, Tabs, Text } from '@mantine/core';
import type { AdminSubscription } from '@reelsmith/shared';
import { IconCalendarX } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { FetchError } from '../../components/fetch-error.tsx';
import { formatDate, formatDateTime, formatMoney, userDisplayName } from '../../lib/format.ts';
import { useTRPC } from '../../lib/trpc.ts';
import { CancelSubscriptionDialog } from './cancel-subscription-dialog.tsx';
import { adjustmentTypeLabel, canCancel, canRefund, planPriceText, subscriptionStatus, transactionStatus } from './subscription-labels.ts';
import type { RefundTarget } from './refund-dialog.tsx';
import { SubscriptionStatusBadge } from './subscriptions-table.tsx';
import { LabelledField } from '../../components/labelled-field.tsx';

/** Spec §2 Subscription Details: Overview, Transactions (Refund on succeeded) and Adjustments tabs. */
export function SubscriptionDetailsDialog({
  subscription,
  canManage,
  onClose,
  onRefund,
}: {
  subscription: AdminSubscription | null;
  canManage: boolean;
  onClose: () => void;
  onRefund: (target: RefundTarget) => void;
}) {
  return (
    <Modal opened={subscription !== null} onClose={onClose} title="Subscription Details" size="xl" centered>
      {subscription ? <DetailsBody subscription={subscription} canManage={canManage} onRefund={onRefund} /> : null}
    </Modal>
  );
}

/**
 * A payment's status badge. Mantine's badge has a fixed height and cuts its label with an ellipsis; the
 * longest label ('partially refunded') must show whole, so the badge takes its label's width and may wrap.
 */
function TransactionBadge({ label, color }: { label: string; color: string }) {
  return (
    <Badge color={color} variant="light" h="auto" py={4} miw="max-content" styles={{ label: { overflow: 'visible', textOverflow: 'clip', whiteSpace: 'normal', lineHeight: 1.3 } }}>
      {label}
    </Badge>
  );
}

function DetailsBody({ subscription, canManage, onRefund }: { subscription: AdminSubscription; canManage: boolean; onRefund: (target: RefundTarget) => void }) {
  const trpc = useTRPC();
  const detail = useQuery(trpc.admin.subscriptions.forUser.queryOptions({ userId: subscription.userId }));
  const transactions = detail.data?.transactions ?? [];
  const adjustments = detail.data?.adjustments ?? [];
  const sub = detail.data?.currentSubscription?.id === subscription.id ? detail.data.currentSubscription : subscription;
  const [cancelling, setCancelling] = useState<AdminSubscription | null>(null);

  return (
    <Tabs defaultValue="overview" keepMounted={false}>
      <Tabs.List mb="md">
        <Tabs.Tab value="overview">Overview</Tabs.Tab>
        <Tabs.Tab value="transactions">Transactions</Tabs.Tab>
        <Tabs.Tab value="adjustments">Adjustments</Tabs.Tab>
      </Tabs.List>
      <FetchError error={detail.error} message="Failed to fetch subscriptions" />

      <Tabs.Panel value="overview">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
          <LabelledField label="User">
            <Text size="sm" fw={600}>
              {userDisplayName(sub.user)}
            </Text>
            <Text size="sm" c="dimmed">
              {sub.user.email}
            </Text>
          </LabelledField>
          <LabelledField label="Status">
            <SubscriptionStatusBadge status={sub.status} />
            <Text size="sm" c="dimmed" mt={4}>
              {subscriptionStatus(sub.status).description}
            </Text>
          </LabelledField>
          <LabelledField label="Plan">
            <Text size="sm">{sub.plan.name}</Text>
          </LabelledField>
          <LabelledField label="Price">
            <Text size="sm">{planPriceText(sub.plan)}</Text>
          </LabelledField>
          <LabelledField label="Start Date">
            <Text size="sm">{formatDate(sub.startDate)}</Text>
          </LabelledField>
          <LabelledField label="End Date">
            <Text size="sm" data-testid="details-end-date">
              {formatDate(sub.endDate)}
            </Text>
          </LabelledField>
          {sub.bonusCredits > 0 ? (
            <LabelledField label="Extra credits">
              <Text size="sm">{sub.bonusCredits} videos</Text>
            </LabelledField>
          ) : null}
        </SimpleGrid>
        {canManage && canCancel(sub) ? (
          <Group justify="flex-end" mt="lg">
            <Button variant="light" color="red" leftSection={<IconCalendarX size={16} aria-hidden="true" />} onClick={() => setCancelling(sub)}>
              Cancel subscription
            </Button>
          </Group>
        ) : null}
        <CancelSubscriptionDialog subscription={cancelling} onClose={() => setCancelling(null)} />
      </Tabs.Panel>

      <Tabs.Panel value="transactions">
        {detail.isPending ? (
          <Center py="lg">
            <Loader size="sm" />
          </Center>
        ) : transactions.length === 0 ? (
          <Text c="dimmed" ta="center" py="lg">
            No transactions found
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={720}>
            <Table verticalSpacing="xs">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Amount</Table.Th>
                  <Table.Th>Description</Table.Th>
                  <Table.Th>Date</Table.Th>
                  <Table.Th>Status</Table.Th>
                  <Table.Th />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {transactions.map((tx) => {
                  const status = transactionStatus(tx);
                  return (
                    <Table.Tr key={tx.id} data-testid="transaction-row">
                      <Table.Td style={{ whiteSpace: 'nowrap' }}>
                        <Text size="sm" fw={600}>
                          {formatMoney(tx.amount, tx.currency)} {tx.currency}
                        </Text>
                        {tx.refundedAmount > 0 ? (
                          <Text size="xs" c="dimmed">
                            Refunded {formatMoney(tx.refundedAmount, tx.currency)}
                          </Text>
                        ) : null}
                      </Table.Td>
                      <Table.Td>{tx.description || 'Subscription payment'}</Table.Td>
                      <Table.Td>{formatDateTime(tx.createdAt)}</Table.Td>
                      <Table.Td style={{ whiteSpace: 'nowrap' }}>
                        <TransactionBadge label={status.label} color={status.color} />
                      </Table.Td>
                      <Table.Td>
                        {canManage && canRefund(tx) ? (
                          <Button size="xs" variant="light" color="red" onClick={() => onRefund({ subscriptionId: tx.subscriptionId ?? sub.id, transaction: tx })}>
                            Refund
                          </Button>
                        ) : null}
                      </Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Tabs.Panel>

      <Tabs.Panel value="adjustments">
        {detail.isPending ? (
          <Center py="lg">
            <Loader size="sm" />
          </Center>
        ) : adjustments.length === 0 ? (
          <Text c="dimmed" ta="center" py="lg">
            No adjustments found
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={600}>
            <Table verticalSpacing="xs">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Type</Table.Th>
                  <Table.Th>Reason</Table.Th>
                  <Table.Th>By</Table.Th>
                  <Table.Th>Date</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {adjustments.map((a) => (
                  <Table.Tr key={a.id} data-testid="adjustment-row">
                    <Table.Td>{adjustmentTypeLabel(a.type)}</Table.Td>
                    <Table.Td>{a.reason || 'No reason provided'}</Table.Td>
                    <Table.Td>{a.createdBy.email ?? '-'}</Table.Td>
                    <Table.Td>{formatDateTime(a.createdAt)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Tabs.Panel>
    </Tabs>
  );
}
