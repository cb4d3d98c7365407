import { Anchor, Button, Container, Loader, Paper, Progress, SimpleGrid, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertTriangle, IconCircleCheck, IconCircleX, IconClockHour4, IconSparkles } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ActionRow } from '../components/action-row.tsx';
import { useAuthState } from '../features/auth/use-current-user.ts';
import { videoQuota } from '../features/billing/billing-rules.ts';
import { PaymentResultCard } from '../features/billing/payment-result-card.tsx';
import { SupportLine } from '../features/billing/support-line.tsx';
import { useRefreshBilling } from '../features/billing/use-current-subscription.ts';
import { useStartProject } from '../features/projects/use-start-project.ts';
import { brand, pageTitle } from '../lib/brand.ts';
import { formatDate } from '../lib/format.ts';
import { signInHref } from '../lib/server-routes.ts';
import { useTRPC } from '../lib/trpc.ts';
import { usePageTitle } from '../lib/use-page-title.ts';

const unsuccessfulStatuses = new Set(['cancelled', 'canceled', 'failed']);
const confirmFailedTitle = 'Payment confirmation failed';
const confirmFailedMessage = 'Failed to confirm payment. Please contact support.';
export const paymentProcessingMessage =
  'Your payment is processing. Your plan starts as soon as it clears, which can take a few business days for a bank payment; we will e-mail your receipt then. Nothing more is needed from you.';

/** Where the card-payment provider returns the browser, with status, session_id and planId. */
export function PaymentResultRoute() {
  usePageTitle(pageTitle('Payment'));
  const [params] = useSearchParams();
  const status = params.get('status') ?? '';
  const sessionId = params.get('session_id');
  const planId = params.get('planId');

  return (
    <Container size="sm" py={{ base: 40, sm: 64 }}>
      <Stack gap="xl">
        {unsuccessfulStatuses.has(status) ? (
          <PaymentNotCompleted failed={status === 'failed'} />
        ) : status === 'success' ? (
          <ConfirmPayment sessionId={sessionId} planId={planId} />
        ) : (
          <Processing />
        )}
        <SupportLine lead="Questions about a payment?" />
      </Stack>
    </Container>
  );
}

function Processing() {
  return (
    <PaymentResultCard icon={<Loader size={32} color="reel" aria-hidden />} color="reel" title="Processing Payment..." live>
      <Text c="gray.7">Please keep this page open while your payment is confirmed.</Text>
    </PaymentResultCard>
  );
}

function PaymentNotCompleted({ failed }: { failed: boolean }) {
  return (
    <PaymentResultCard icon={<IconCircleX size={36} aria-hidden />} color="red" title={failed ? 'Payment Failed' : 'Payment Cancelled'}>
      <Text c="gray.7" maw={420}>
        {failed ? 'The payment did not go through.' : 'You left the checkout before paying.'} No charge was made to your card, and
        your plan has not changed.
      </Text>
      <ActionRow justify="center" stack="column">
        <Button component={Link} to="/pricing">
          Retry Payment
        </Button>
        <Button component={Link} to="/" variant="default">
          Go to Dashboard
        </Button>
      </ActionRow>
    </PaymentResultCard>
  );
}

/** Confirms the checkout with the server once (it is idempotent; this avoids StrictMode's double call). */
function ConfirmPayment({ sessionId, planId }: { sessionId: string | null; planId: string | null }) {
  const trpc = useTRPC();
  const auth = useAuthState();
  const refreshBilling = useRefreshBilling();
  const confirmedFor = useRef<string | null>(null);
  const confirm = useMutation(
    trpc.billing.checkout.confirm.mutationOptions({
      onSuccess: (result) => {
        void refreshBilling();
        if (!result.ok || result.error) notifications.show({ color: 'red', title: confirmFailedTitle, message: confirmFailedMessage });
      },
      onError: () => notifications.show({ color: 'red', title: confirmFailedTitle, message: confirmFailedMessage }),
    }),
  );
  const signedIn = auth.status === 'signed-in';
  const { mutate } = confirm;

  useEffect(() => {
    if (!signedIn || !sessionId || confirmedFor.current === sessionId) return;
    confirmedFor.current = sessionId;
    mutate({ session_id: sessionId, ...(planId ? { planId } : {}) });
  }, [signedIn, sessionId, planId, mutate]);

  if (auth.status === 'signed-out') {
    return (
      <PaymentResultCard icon={<IconAlertTriangle size={36} aria-hidden />} color="orange" title="Sign in to finish">
        <Text c="gray.7" maw={420}>
          Sign in with the account you paid with, and we will confirm your payment and activate your plan.
        </Text>
        <Button component="a" href={signInHref(`${window.location.pathname}${window.location.search}`)}>
          Sign In
        </Button>
      </PaymentResultCard>
    );
  }
  if (!sessionId) return <ConfirmFailed detail="The payment session is missing from the address." />;
  if (confirm.isError) return <ConfirmFailed detail={confirm.error.message} />;
  if (!confirm.data) return <Processing />;
  if (!confirm.data.ok || confirm.data.error) return <ConfirmFailed detail={confirm.data.error} />;
  if (confirm.data.processing) return <PaymentProcessing />;
  return <PaymentSucceeded result={confirm.data} />;
}

/** A bank debit: the checkout is done, the money is not there yet (it can take a few business days). */
export function PaymentProcessing() {
  return (
    <PaymentResultCard icon={<IconClockHour4 size={36} aria-hidden />} color="reel" title="Payment Processing">
      <Text c="gray.7" maw={440}>
        {paymentProcessingMessage}
      </Text>
      <ActionRow justify="center" stack="column">
        <Button component={Link} to="/profile?tab=subscription">
          View Subscription
        </Button>
        <Button component={Link} to="/" variant="default">
          Go to Dashboard
        </Button>
      </ActionRow>
    </PaymentResultCard>
  );
}

function ConfirmFailed({ detail }: { detail: string | null }) {
  return (
    <PaymentResultCard icon={<IconAlertTriangle size={36} aria-hidden />} color="orange" title={confirmFailedTitle}>
      <Text c="gray.7" maw={440}>
        {confirmFailedMessage}
      </Text>
      {detail ? (
        <Text size="sm" c="gray.7" maw={440}>
          {detail}
        </Text>
      ) : null}
      <ActionRow justify="center" stack="column">
        <Button component="a" href={`mailto:${brand.supportEmail}?subject=${encodeURIComponent('Payment confirmation')}`}>
          Contact Support
        </Button>
        <Button component={Link} to="/pricing" variant="default">
          Retry Payment
        </Button>
        <Button component={Link} to="/" variant="default">
          Go to Dashboard
        </Button>
      </ActionRow>
    </PaymentResultCard>
  );
}

interface ConfirmedPayment {
  planName: string | null;
  startDate: Date | null;
  endDate: Date | null;
  documentLimit: number | null;
  documentsUsed: number;
}

function PaymentSucceeded({ result }: { result: ConfirmedPayment }) {
  const startProject = useStartProject();
  const quota = videoQuota(result.documentsUsed, result.documentLimit);
  const details = [
    { label: 'Plan', value: result.planName ?? '—' },
    { label: 'Start date', value: formatDate(result.startDate) },
    { label: 'Next billing', value: formatDate(result.endDate) },
    { label: 'Video quota', value: quota.label },
  ];
  return (
    <PaymentResultCard icon={<IconCircleCheck size={40} aria-hidden />} color="teal" title="Payment Successful">
      <Text c="gray.7" maw={440}>
        Thank you! Your {result.planName ?? 'new'} plan is active. A receipt is in your{' '}
        <Anchor component={Link} to="/profile?tab=subscription">
          payment history
        </Anchor>
        .
      </Text>
      <Paper bg="gray.0" radius="md" p="lg" w="100%" ta="left" role="group" aria-label="Your subscription">
        <SimpleGrid component="dl" cols={{ base: 1, xs: 2 }} spacing="md" m={0}>
          {details.map((detail) => (
            <Stack key={detail.label} gap={2}>
              <Text component="dt" size="sm" c="gray.7">
                {detail.label}
              </Text>
              <Text component="dd" m={0} fw={700}>
                {detail.value}
              </Text>
            </Stack>
          ))}
        </SimpleGrid>
        {quota.percent !== null ? (
          <Progress value={quota.percent} mt="md" size="sm" radius="xl" aria-label={`Videos used: ${quota.label}`} />
        ) : null}
      </Paper>
      <ActionRow justify="center" stack="column">
        <Button leftSection={<IconSparkles size={18} aria-hidden />} onClick={startProject}>
          Create a Video
        </Button>
        <Button component={Link} to="/" variant="default">
          Go to Dashboard
        </Button>
      </ActionRow>
    </PaymentResultCard>
  );
}
