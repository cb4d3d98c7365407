import { Button, Container, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { Link, useSearchParams } from 'react-router';
import { pageTitle } from '../lib/brand.ts';
import { usePageTitle } from '../lib/use-page-title.ts';

const unsuccessfulStatuses = new Set(['cancelled', 'canceled', 'failed']);

/** Where the card-payment provider returns the browser, with status, session_id and planId. */
export function PaymentResultRoute() {
  usePageTitle(pageTitle('Payment'));
  const [params] = useSearchParams();
  const status = params.get('status') ?? '';
  const sessionId = params.get('session_id');
  const planId = params.get('planId');

  if (unsuccessfulStatuses.has(status)) {
    return (
      <Container size="sm" py={64}>
        <Paper withBorder radius="lg" p="xl">
          <Stack align="center" ta="center" gap="md">
            <IconAlertCircle size={48} color="var(--mantine-color-red-6)" aria-hidden />
            <Title order={1} fz="h2">
              {status === 'failed' ? 'Payment failed' : 'Payment cancelled'}
            </Title>
            <Text c="gray.7">No charge was made to your card.</Text>
            <Group justify="center">
              <Button component={Link} to="/pricing">
                Retry Payment
              </Button>
              <Button component={Link} to="/" variant="default">
                Go to Dashboard
              </Button>
            </Group>
          </Stack>
        </Paper>
      </Container>
    );
  }

  return (
    <Container size="sm" py={64}>
      <Paper withBorder radius="lg" p="xl">
        <Stack align="center" ta="center" gap="md" role="status" aria-live="polite">
          <Loader aria-hidden />
          <Title order={1} fz="h2">
            Processing Payment...
          </Title>
          <Text c="gray.7">Please keep this page open while your payment is confirmed.</Text>
          {sessionId || planId ? (
            <Text size="xs" c="gray.7" ff="monospace">
              {[planId && `Plan ${planId}`, sessionId && `Session ${sessionId}`].filter(Boolean).join(' · ')}
            </Text>
          ) : null}
        </Stack>
      </Paper>
    </Container>
  );
}
