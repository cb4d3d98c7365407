import { Button, Group, Modal, NumberInput, Select, Stack, Text, Textarea } from '@mantine/core';
import { ADJUSTMENT_REASON_MAX, type AdminSubscription, type SubscriptionOverview } from '@reelsmith/shared';
import { useState } from 'react';
import { userDisplayName } from '../../lib/format.ts';
import { planOptionLabel } from './subscription-labels.ts';
import { useAdjust } from './use-subscription-actions.ts';

type AdjustmentType = 'extend' | 'add_credits' | 'change_plan';

const typeOptions = [
  { value: 'extend', label: 'Extend Subscription' },
  { value: 'add_credits', label: 'Add Credits' },
  { value: 'change_plan', label: 'Change Plan' },
];

/** Spec §2/§5 Subscription Adjustment: extend (days ≥ 1), add credits (≥ 1 videos), change plan; reason ≤ 200 characters. */
export function AdjustmentDialog({
  subscription,
  plans,
  onClose,
}: {
  subscription: AdminSubscription | null;
  plans: SubscriptionOverview['plans'];
  onClose: () => void;
}) {
  return (
    <Modal opened={subscription !== null} onClose={onClose} title="Subscription Adjustment" centered>
      {subscription ? <AdjustmentForm key={subscription.id} subscription={subscription} plans={plans} onClose={onClose} /> : null}
    </Modal>
  );
}

function AdjustmentForm({ subscription, plans, onClose }: { subscription: AdminSubscription; plans: SubscriptionOverview['plans']; onClose: () => void }) {
  const [type, setType] = useState<AdjustmentType>('extend');
  const [days, setDays] = useState<number | string>(7);
  const [credits, setCredits] = useState<number | string>(1);
  const [newPlanId, setNewPlanId] = useState<string | null>(null);
  const [reason, setReason] = useState('');
  const adjust = useAdjust(onClose);
  const otherPlans = plans.filter((p) => p.planId !== subscription.plan.id).map((p) => ({ value: p.planId, label: planOptionLabel(p) }));
  const whole = (v: number | string) => typeof v === 'number' && Number.isInteger(v) && v >= 1;
  const ready = type === 'extend' ? whole(days) : type === 'add_credits' ? whole(credits) : newPlanId !== null;

  function submit() {
    const base = { subscriptionId: subscription.id, reason: reason.trim() || null };
    if (type === 'extend') adjust.mutate({ ...base, type, payload: { days: Number(days) } });
    else if (type === 'add_credits') adjust.mutate({ ...base, type, payload: { credits: Number(credits), unit: 'videos' } });
    else if (newPlanId) adjust.mutate({ ...base, type, payload: { newPlanId, proration: 'create_prorations' } });
  }

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        if (ready) submit();
      }}
    >
      <Stack gap="md">
        <Text size="sm">
          {userDisplayName(subscription.user)} · {subscription.user.email} · {subscription.plan.name}
        </Text>
        <Select label="Adjustment type" data={typeOptions} value={type} allowDeselect={false} onChange={(v) => setType((v as AdjustmentType | null) ?? 'extend')} />
        {type === 'extend' ? (
          <NumberInput label="Days to extend" value={days} onChange={setDays} min={1} step={1} allowDecimal={false} required />
        ) : type === 'add_credits' ? (
          <NumberInput label="Credits to add (videos)" value={credits} onChange={setCredits} min={1} step={1} allowDecimal={false} required />
        ) : (
          <Select
            label="New plan"
            placeholder="Choose a plan"
            data={otherPlans}
            value={newPlanId}
            onChange={setNewPlanId}
            description="The change is prorated by the payment provider."
            required
          />
        )}
        <Textarea
          label="Reason (optional)"
          value={reason}
          onChange={(e) => setReason(e.currentTarget.value.slice(0, ADJUSTMENT_REASON_MAX))}
          maxLength={ADJUSTMENT_REASON_MAX}
          autosize
          minRows={2}
          description={`${reason.length}/${ADJUSTMENT_REASON_MAX} characters`}
          inputWrapperOrder={['label', 'input', 'description', 'error']}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" disabled={!ready || adjust.isPending} loading={adjust.isPending}>
            Apply Adjustment
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
