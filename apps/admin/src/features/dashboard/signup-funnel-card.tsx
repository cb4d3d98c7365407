import { Group, Paper, Progress, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { SignupFunnel } from '@reelsmith/shared';
import { formatCount, formatPercent } from '../../lib/format.ts';
import { ExportCsvButton } from './export-csv-button.tsx';
import { formatHoursToConvert, funnelFileName, signupFunnelCsv } from './funnel-csv.ts';

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text fz={22} fw={800}>
        {value}
      </Text>
    </Stack>
  );
}

/** Signups in the range and how many of them went on to subscribe. */
export function SignupFunnelCard({ funnel, range }: { funnel: SignupFunnel | undefined; range: string }) {
  return (
    <Paper withBorder radius="lg" p="lg" aria-labelledby="signup-funnel-title">
      <Group justify="space-between" mb="md" gap="sm">
        <Title order={2} fz="lg" id="signup-funnel-title">
          Signup to Subscription
        </Title>
        <ExportCsvButton
          of="the signup funnel"
          fileName={funnelFileName('signup-funnel', range)}
          csv={funnel ? () => signupFunnelCsv(funnel) : null}
        />
      </Group>
      {funnel ? (
        <Stack gap="md">
          <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="md">
            <Figure label="Signups" value={formatCount(funnel.signups)} />
            <Figure label="Subscriptions" value={formatCount(funnel.subscriptions)} />
            <Figure label="Conversion" value={formatPercent(funnel.conversionRate)} />
            <Figure label="Median time to convert" value={formatHoursToConvert(funnel.medianTimeToConvert)} />
          </SimpleGrid>
          <Stack gap={6}>
            <Group justify="space-between">
              <Text size="sm">Signups</Text>
              <Text size="sm" c="dimmed">
                100%
              </Text>
            </Group>
            <Progress value={funnel.signups > 0 ? 100 : 0} size="lg" radius="sm" color="gray" aria-hidden="true" />
            <Group justify="space-between">
              <Text size="sm">Subscribed</Text>
              <Text size="sm" c="dimmed">
                {formatPercent(funnel.conversionRate)}
              </Text>
            </Group>
            <Progress value={funnel.conversionRate} size="lg" radius="sm" aria-label={`${formatPercent(funnel.conversionRate)} of signups subscribed`} />
          </Stack>
        </Stack>
      ) : (
        <Text size="sm" c="dimmed">
          Loading…
        </Text>
      )}
    </Paper>
  );
}
