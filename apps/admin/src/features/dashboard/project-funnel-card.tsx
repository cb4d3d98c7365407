import { Group, Paper, Progress, Stack, Table, Text, Title } from '@mantine/core';
import type { ProjectFunnel } from '@reelsmith/shared';
import { formatCount, formatPercent } from '../../lib/format.ts';
import { ExportCsvButton } from './export-csv-button.tsx';
import { funnelFileName, projectFunnelCsv } from './funnel-csv.ts';

/** The six-step project funnel: a bar per step and the numbers behind it. */
export function ProjectFunnelCard({ funnel, range, loading }: { funnel: ProjectFunnel | undefined; range: string; loading: boolean }) {
  return (
    <Paper withBorder radius="lg" p="lg" aria-labelledby="project-funnel-title">
      <Group justify="space-between" mb="md" gap="sm">
        <Stack gap={2}>
          <Title order={2} fz="lg" id="project-funnel-title">
            Project Funnel
          </Title>
          <Text size="sm" c="dimmed">
            {funnel
              ? `${formatCount(funnel.totalStarted)} projects started · ${formatPercent(funnel.overallCompletion)} reached Merge & Export`
              : loading
                ? 'Loading…'
                : 'No data'}
          </Text>
        </Stack>
        <ExportCsvButton
          of="the project funnel"
          fileName={funnelFileName('project-funnel', range)}
          csv={funnel ? () => projectFunnelCsv(funnel) : null}
        />
      </Group>
      {funnel ? (
        <Table.ScrollContainer minWidth={760}>
          <Table verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Step</Table.Th>
                <Table.Th w="28%">Reached</Table.Th>
                <Table.Th ta="right" style={{ whiteSpace: 'nowrap' }}>Projects</Table.Th>
                <Table.Th ta="right" style={{ whiteSpace: 'nowrap' }}>Unique users</Table.Th>
                <Table.Th ta="right" style={{ whiteSpace: 'nowrap' }}>From previous</Table.Th>
                <Table.Th ta="right" style={{ whiteSpace: 'nowrap' }}>From start</Table.Th>
                <Table.Th ta="right" style={{ whiteSpace: 'nowrap' }}>Drop-off</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {funnel.steps.map((step, index) => (
                <Table.Tr key={step.step}>
                  <Table.Td>
                    <Text size="sm" fw={600}>
                      {index + 1}. {step.step}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Progress value={step.conversionFromStart} size="lg" radius="sm" aria-label={`${step.step}: ${formatPercent(step.conversionFromStart)} of started projects`} />
                  </Table.Td>
                  <Table.Td ta="right">{formatCount(step.count)}</Table.Td>
                  <Table.Td ta="right">{formatCount(step.uniqueUsers)}</Table.Td>
                  <Table.Td ta="right">{formatPercent(step.conversionFromPrevious)}</Table.Td>
                  <Table.Td ta="right">{formatPercent(step.conversionFromStart)}</Table.Td>
                  <Table.Td ta="right">{formatCount(step.dropOff)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      ) : null}
    </Paper>
  );
}
