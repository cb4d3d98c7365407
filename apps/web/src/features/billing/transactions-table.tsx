import { Anchor, Badge, Box, Group, Paper, Skeleton, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import type { Transaction } from '@reelsmith/shared';
import { IconExternalLink, IconReceipt } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { formatDate, formatMoney } from '../../lib/format.ts';
import { useTRPC } from '../../lib/trpc.ts';
import { transactionStatusBadge } from './billing-rules.ts';

function ReceiptLink({ transaction }: { transaction: Transaction }) {
  if (!transaction.stripeReceiptUrl) return <Text c="gray.6">—</Text>;
  return (
    <Anchor href={transaction.stripeReceiptUrl} target="_blank" rel="noopener noreferrer" size="sm">
      <Group gap={4} wrap="nowrap" component="span">
        Receipt
        <IconExternalLink size={14} aria-hidden />
        <VisuallyHidden> (opens in a new tab)</VisuallyHidden>
      </Group>
    </Anchor>
  );
}

function Amount({ transaction }: { transaction: Transaction }) {
  return (
    <>
      <Text span fw={600} style={{ fontVariantNumeric: 'tabular-nums' }}>
        {formatMoney(transaction.amount, transaction.currency)}
      </Text>
      {transaction.refundedAmount > 0 ? (
        <Text size="xs" c="gray.7">
          {formatMoney(transaction.refundedAmount, transaction.currency)} refunded
        </Text>
      ) : null}
    </>
  );
}

function StatusBadge({ status }: { status: string }) {
  const look = transactionStatusBadge(status);
  return (
    <Badge variant="light" color={look.color} tt="none">
      {look.label}
    </Badge>
  );
}

/** The customer's payments: a table on wider screens, stacked rows on phones. */
export function TransactionsTable() {
  const trpc = useTRPC();
  const transactions = useQuery(trpc.billing.transactions.list.queryOptions());
  const rows = transactions.data ?? [];

  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }} component="section" aria-labelledby="payment-history-heading">
      <Title order={2} fz="h4" id="payment-history-heading" mb="md">
        Payment History
      </Title>
      {transactions.isPending ? (
        <Stack gap="xs">
          <Skeleton h={36} />
          <Skeleton h={36} />
        </Stack>
      ) : transactions.isError ? (
        <Text c="red.7" size="sm">
          Payments could not be loaded: {transactions.error.message}
        </Text>
      ) : rows.length === 0 ? (
        <Stack align="center" ta="center" gap={6} py="lg">
          <IconReceipt size={32} color="var(--mantine-color-gray-5)" aria-hidden />
          <Text fw={600}>No payments yet</Text>
          <Text size="sm" c="gray.7">
            Your receipts appear here after you buy a plan.
          </Text>
        </Stack>
      ) : (
        <>
          <Box visibleFrom="sm">
            <Table verticalSpacing="sm" highlightOnHover>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Date</Table.Th>
                  <Table.Th>Plan</Table.Th>
                  <Table.Th>Amount</Table.Th>
                  <Table.Th>Status</Table.Th>
                  <Table.Th>Receipt</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((transaction) => (
                  <Table.Tr key={transaction.id}>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDate(transaction.transactionDate)}</Table.Td>
                    <Table.Td>{transaction.planName ?? '—'}</Table.Td>
                    <Table.Td>
                      <Amount transaction={transaction} />
                    </Table.Td>
                    <Table.Td>
                      <StatusBadge status={transaction.paymentStatus} />
                    </Table.Td>
                    <Table.Td>
                      <ReceiptLink transaction={transaction} />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Box>
          <Stack component="ul" hiddenFrom="sm" gap={0} p={0} m={0} style={{ listStyle: 'none' }} aria-label="Payments">
            {rows.map((transaction, index) => (
              <Box
                component="li"
                key={transaction.id}
                py="sm"
                style={index > 0 ? { borderTop: '1px solid var(--mantine-color-gray-2)' } : undefined}
              >
                <Group justify="space-between" align="flex-start" wrap="nowrap">
                  <Stack gap={2}>
                    <Text fw={600}>{transaction.planName ?? '—'}</Text>
                    <Text size="sm" c="gray.7">
                      {formatDate(transaction.transactionDate)}
                    </Text>
                  </Stack>
                  <Stack gap={4} align="flex-end" ta="right">
                    <Amount transaction={transaction} />
                    <StatusBadge status={transaction.paymentStatus} />
                  </Stack>
                </Group>
                {transaction.stripeReceiptUrl ? (
                  <Box mt={6}>
                    <ReceiptLink transaction={transaction} />
                  </Box>
                ) : null}
              </Box>
            ))}
          </Stack>
        </>
      )}
    </Paper>
  );
}
