import { Alert, Button, Group, Modal, Radio, Stack, Text, Textarea } from '@mantine/core';
import { ADJUSTMENT_REASON_MAX, type AdminSubscription, type SubscriptionCancelWhen } from '@reelsmith/shared';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useState } from 'react';
import { formatDate, userDisplayName } from '../../lib/format.ts';
import { useCancelSubscription } from './use-subscription-actions.ts';

/**
 * Asks before an admin cancels a customer's paid subscription: at the end of the paid period (the
 * default; they keep what they paid for) or now (access ends at once). Cancel changes nothing.
 */
export function CancelSubscriptionDialog({ subscription, onClose }: { subscription: AdminSubscription | null; onClose: () => void }) {
  return (
    <Modal opened={subscription !== null} onClose={onClose} title="Cancel subscription?" centered>
      {subscription ? <CancelForm key={subscription.id} subscription={subscription} onClose={onClose} /> : null}
    </Modal>
  );
}

function CancelForm({ subscription, onClose }: { subscription: AdminSubscription; onClose: () => void }) {
  const alreadyCancelled = subscription.status === 'cancelled';
  const [when, setWhen] = useState<SubscriptionCancelWhen>(alreadyCancelled ? 'now' : 'period_end');
  const [reason, setReason] = useState('');
  const cancel = useCancelSubscription(onClose);
  const end = subscription.endDate ? formatDate(subscription.endDate) : null;

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        cancel.mutate({ subscriptionId: subscription.id, when, reason: reason.trim() || null });
      }}
    >
      <Stack gap="md">
        <Text size="sm">
          {userDisplayName(subscription.user)} ({subscription.user.email}) on <strong>{subscription.plan.name}</strong>.
        </Text>
        <Radio.Group label="When does it end?" value={when} onChange={(value) => setWhen(value === 'now' ? 'now' : 'period_end')}>
          <Stack gap="xs" mt="xs">
            <Radio value="period_end" disabled={alreadyCancelled} label={`At the end of the paid period${end ? ` (${end})` : ''}: the customer keeps what they paid for`} />
            <Radio value="now" label="Now: access to the paid plan ends at once" />
          </Stack>
        </Radio.Group>
        <Textarea
          label="Reason (optional)"
          value={reason}
          onChange={(e) => setReason(e.currentTarget.value)}
          autosize
          minRows={2}
          maxLength={ADJUSTMENT_REASON_MAX}
          description={`${reason.length}/${ADJUSTMENT_REASON_MAX} characters`}
        />
        <Alert color="orange" variant="light" icon={<IconAlertTriangle size={18} aria-hidden="true" />}>
          Stripe stops charging this subscription. No money is refunded: use Refund on a payment for that.
        </Alert>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={cancel.isPending}>
            Keep subscription
          </Button>
          <Button type="submit" color="red" loading={cancel.isPending}>
            Cancel subscription
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
