import { Alert, Badge, Button, Flex, Group, Paper, Progress, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle, IconArrowsExchange } from '@tabler/icons-react';
import { Link } from 'react-router';
import { formatDate } from '../../lib/format.ts';
import { canCancelPlan, periodEndDisplay, subscriptionStatusBadge, videoQuota } from './billing-rules.ts';
import { CancelPlanButton } from './cancel-plan-button.tsx';
import { TransactionsTable } from './transactions-table.tsx';
import { useCurrentSubscription } from './use-current-subscription.ts';

/** The profile's Subscription tab: the plan, its dates and quota, plan actions and payments. */
export function SubscriptionPanel() {
  return (
    <Stack gap="lg">
      <SubscriptionSummary />
      <TransactionsTable />
    </Stack>
  );
}

function SubscriptionSummary() {
  const { data: subscription, isPending, isError, error, refetch } = useCurrentSubscription();

  if (isPending) return <Skeleton h={260} radius="lg" />;
  if (isError) {
    return (
      <Alert color="red" icon={<IconAlertCircle aria-hidden />} title="Your subscription could not be loaded">
        <Stack gap="sm" align="flex-start">
          <Text size="sm">{error.message}</Text>
          <Button size="xs" variant="light" color="red" onClick={() => void refetch()}>
            Try again
          </Button>
        </Stack>
      </Alert>
    );
  }

  const status = subscriptionStatusBadge(subscription.status);
  const periodEnd = periodEndDisplay(subscription);
  const quota = videoQuota(subscription.documentsUsed, subscription.documentLimit);
  const planName = subscription.planName ?? 'No plan';

  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }} component="section" aria-labelledby="current-plan-heading">
      <Stack gap="lg">
        <Group justify="space-between" align="flex-start" gap="md">
          <Stack gap={4}>
            <Text size="sm" c="gray.7" fw={600} tt="uppercase">
              Current plan
            </Text>
            <Group gap="sm" align="center">
              <Title order={2} fz="h2" id="current-plan-heading">
                {planName}
              </Title>
              <Badge color={status.color} variant="light" size="lg" tt="none" data-testid="subscription-status">
                {status.label}
              </Badge>
            </Group>
          </Stack>
          <Flex direction={{ base: 'column', xs: 'row' }} gap="xs" w={{ base: '100%', xs: 'auto' }}>
            <Button component={Link} to="/pricing" variant="light" leftSection={<IconArrowsExchange size={18} aria-hidden />}>
              Change Plan
            </Button>
            {canCancelPlan(subscription) ? <CancelPlanButton planName={planName} endDate={subscription.endDate} /> : null}
          </Flex>
        </Group>

        <SimpleGrid component="dl" cols={{ base: 1, xs: 2, md: 3 }} spacing="lg" m={0}>
          <Stack gap={2}>
            <Text component="dt" size="sm" c="gray.7">
              Start date
            </Text>
            <Text component="dd" m={0} fw={600}>
              {formatDate(subscription.startDate)}
            </Text>
          </Stack>
          <Stack gap={2}>
            <Text component="dt" size="sm" c="gray.7">
              {periodEnd.label}
            </Text>
            <Text component="dd" m={0} fw={600}>
              {periodEnd.value}
            </Text>
          </Stack>
          <Stack gap={6}>
            <Text component="dt" size="sm" c="gray.7">
              Video quota
            </Text>
            <Stack component="dd" m={0} gap={6}>
              <Text fw={600}>{quota.label}</Text>
              {quota.percent !== null ? (
                <Progress
                  value={quota.percent}
                  color={quota.percent >= 100 ? 'red' : 'reel'}
                  size="md"
                  radius="xl"
                  aria-label={`Videos used: ${quota.label}`}
                />
              ) : null}
            </Stack>
          </Stack>
        </SimpleGrid>
      </Stack>
    </Paper>
  );
}
