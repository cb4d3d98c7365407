import { Alert, Button, Container, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { billingMessages, type CurrentSubscription, type Plan } from '@reelsmith/shared';
import { IconAlertCircle, IconInfoCircle } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useAuthState } from '../features/auth/use-current-user.ts';
import { BillingChoiceToggle } from '../features/billing/billing-choice-toggle.tsx';
import { isCurrentPlan, isLiveStatus, planAction, type BillingChoice } from '../features/billing/billing-rules.ts';
import { PlanCard } from '../features/billing/plan-card.tsx';
import { SupportLine } from '../features/billing/support-line.tsx';
import { useCheckout } from '../features/billing/use-checkout.ts';
import { useCurrentSubscription } from '../features/billing/use-current-subscription.ts';
import { pageTitle } from '../lib/brand.ts';
import { signInHref } from '../lib/server-routes.ts';
import { useTRPC } from '../lib/trpc.ts';
import { usePageTitle } from '../lib/use-page-title.ts';

const popularPlanName = 'Pro';

export function PricingRoute() {
  usePageTitle(pageTitle('Pricing'));
  const trpc = useTRPC();
  const auth = useAuthState();
  const signedIn = auth.status === 'signed-in';
  const [choice, setChoice] = useState<BillingChoice>('monthly');
  const plans = useQuery({ ...trpc.billing.plans.list.queryOptions({ type: choice }), placeholderData: keepPreviousData });
  const subscription = useCurrentSubscription({ enabled: signedIn });
  const checkout = useCheckout();

  const loading = plans.isPending || auth.status === 'pending' || (signedIn && subscription.isPending);
  // A failed subscription read still lets the customer buy; the server checks again anyway.
  const held: Pick<CurrentSubscription, 'planId' | 'isFreeUser' | 'status'> | null = signedIn
    ? (subscription.data ?? { planId: null, isFreeUser: false, status: null })
    : null;
  const needsPlan = signedIn && subscription.data !== undefined && !isLiveStatus(subscription.data.status) && subscription.data.status !== 'cancelled';

  return (
    <Container size="xl" py={{ base: 40, sm: 64 }}>
      <Stack gap={40}>
        <Stack gap="md" align="center" ta="center">
          <Title order={1} fz={{ base: 32, sm: 44 }}>
            Choose your plan
          </Title>
          <Text c="gray.7" fz={{ base: 'md', sm: 'lg' }} maw={620}>
            Start free, then upgrade for longer videos, HD 1080p quality and downloads. Prices in USD; cancel anytime.
          </Text>
          <BillingChoiceToggle value={choice} onChange={setChoice} />
        </Stack>

        {needsPlan ? (
          <Alert color="reel" icon={<IconInfoCircle aria-hidden />} maw={720} mx="auto" w="100%">
            {billingMessages.noSubscription}
          </Alert>
        ) : null}

        {plans.isError ? (
          <Alert color="red" icon={<IconAlertCircle aria-hidden />} title="Plans could not be loaded" maw={720} mx="auto" w="100%">
            <Stack gap="sm" align="flex-start">
              <Text size="sm">{plans.error.message}</Text>
              <Button size="xs" variant="light" color="red" onClick={() => void plans.refetch()}>
                Try again
              </Button>
            </Stack>
          </Alert>
        ) : (
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="lg" aria-busy={loading || undefined}>
            {loading || !plans.data
              ? Array.from({ length: 4 }, (_, index) => <Skeleton key={index} h={520} radius="lg" />)
              : plans.data.map((plan) => (
                  <PlanCard
                    key={plan.id}
                    plan={plan}
                    popular={plan.name === popularPlanName}
                    current={isCurrentPlan(plan, held)}
                    action={<PlanButton plan={plan} held={held} checkout={checkout} />}
                  />
                ))}
          </SimpleGrid>
        )}

        <SupportLine />
      </Stack>
    </Container>
  );
}

function PlanButton({
  plan,
  held,
  checkout,
}: {
  plan: Plan;
  held: Pick<CurrentSubscription, 'planId' | 'isFreeUser' | 'status'> | null;
  checkout: ReturnType<typeof useCheckout>;
}) {
  const action = planAction(plan, held);
  const variant = plan.name === popularPlanName ? 'filled' : 'light';
  if (action.kind === 'sign-in') {
    return (
      <Button component="a" href={signInHref('/pricing')} variant={variant} size="md" fullWidth>
        {action.label}
      </Button>
    );
  }
  if (action.kind === 'none') {
    return (
      <Button variant="default" size="md" fullWidth disabled>
        {action.label}
      </Button>
    );
  }
  const pending = checkout.pendingPlanId === plan.id;
  return (
    <Button
      variant={variant}
      size="md"
      fullWidth
      loading={pending}
      disabled={checkout.pendingPlanId !== null && !pending}
      onClick={() => checkout.start(plan.id)}
    >
      {action.label}
    </Button>
  );
}
