import { Alert, Badge, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import type { AdminProviders } from '@reelsmith/shared';
import { useQuery } from '@tanstack/react-query';
import { FetchError } from '../../components/fetch-error.tsx';
import { TablePanel } from '../../components/table-panel.tsx';
import { formatCount, formatMoney } from '../../lib/format.ts';
import { useTRPC } from '../../lib/trpc.ts';
import { capabilityRows, costQuantityLabel, outOfCreditAlerts, priceSourceLabel } from './providers-rules.ts';

/** Which AI provider serves each capability (set by the server's environment, never a key), out-of-credit alerts and 30 days of costs. */
export function ProvidersTab() {
  const trpc = useTRPC();
  const providers = useQuery(trpc.admin.providers.get.queryOptions());
  const data: AdminProviders | undefined = providers.data;
  return (
    <Stack gap="md">
      <FetchError error={providers.error} message="Failed to fetch providers" />
      {data
        ? outOfCreditAlerts(data).map((alert) => (
            <Alert key={alert.provider} color="red" variant="light" title={alert.title} data-testid={`out-of-credit-${alert.provider}`}>
              {alert.message}
            </Alert>
          ))
        : null}
      <TablePanel loading={providers.isPending} empty={!data} emptyText="No provider information">
        <Title order={3} fz="md" mb="xs">
          Capabilities
        </Title>
        <Text size="sm" c="dimmed" mb="sm">
          Chosen by the server's configuration (see docs/providers.md); keys are never shown here.
        </Text>
        <Table.ScrollContainer minWidth={520}>
          <Table verticalSpacing="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Capability</Table.Th>
                <Table.Th>Provider</Table.Th>
                <Table.Th>Models</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data
                ? capabilityRows(data).map((row) => (
                    <Table.Tr key={row.capability}>
                      <Table.Td fw={600}>{row.capability}</Table.Td>
                      <Table.Td>
                        <Badge variant="light" color={row.provider === 'local' ? 'gray' : 'violet'}>
                          {row.provider}
                        </Badge>
                      </Table.Td>
                      <Table.Td>
                        <Text size="sm">{row.models}</Text>
                        {row.note ? (
                          <Text size="xs" c="dimmed">
                            {row.note}
                          </Text>
                        ) : null}
                      </Table.Td>
                    </Table.Tr>
                  ))
                : null}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </TablePanel>
      <Paper withBorder radius="lg" p={{ base: 'sm', sm: 'md' }}>
        <Group justify="space-between" mb="sm">
          <Title order={3} fz="md">
            Costs, last 30 days
          </Title>
          {data ? <Text size="sm">Video credits returned after failures: {formatCount(data.creditsReturnedLast30Days)}</Text> : null}
        </Group>
        {data && data.costsLast30Days.length > 0 ? (
          <Table.ScrollContainer minWidth={520}>
            <Table verticalSpacing="sm">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Provider</Table.Th>
                  <Table.Th>Model</Table.Th>
                  <Table.Th>Price source</Table.Th>
                  <Table.Th ta="right">Calls</Table.Th>
                  <Table.Th ta="right">Usage</Table.Th>
                  <Table.Th ta="right">Amount</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.costsLast30Days.map((cost) => (
                  <Table.Tr key={`${cost.provider}/${cost.model}/${cost.unit}/${cost.priceSource}`}>
                    <Table.Td>{cost.provider}</Table.Td>
                    <Table.Td>{cost.model}</Table.Td>
                    <Table.Td>{priceSourceLabel(cost.priceSource)}</Table.Td>
                    <Table.Td ta="right">{formatCount(cost.calls)}</Table.Td>
                    <Table.Td ta="right">{costQuantityLabel(cost)}</Table.Td>
                    <Table.Td ta="right">{formatMoney(cost.amountUsd)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        ) : (
          <Text c="dimmed" ta="center" py="md">
            No provider calls in the last 30 days
          </Text>
        )}
      </Paper>
    </Stack>
  );
}
