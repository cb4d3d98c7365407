import { Alert, Button, Group, Modal, NumberInput, Stack, Text, Textarea } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useState } from 'react';
import { formatMoney } from '../../lib/format.ts';
import { refundAmountProblem, refundableAmount } from './subscription-labels.ts';
import { useRefund } from './use-subscription-actions.ts';

export interface RefundTarget {
  subscriptionId: string;
  transaction: { id: string; amount: number; refundedAmount: number; currency: string };
}

/**
 * Spec §2/§5 Process Refund: amount (step 0.01, up to what is left; prefilled with all of it), optional
 * reason, the irreversible-action warning. An amount above what is left says so (the server's words) and
 * cannot be sent; it is never silently cut or blanked.
 */
export function RefundDialog({ target, onClose }: { target: RefundTarget | null; onClose: () => void }) {
  return (
    <Modal opened={target !== null} onClose={onClose} title="Process Refund" centered>
      {target ? <RefundForm key={target.transaction.id} target={target} onClose={onClose} /> : null}
    </Modal>
  );
}

function RefundForm({ target, onClose }: { target: RefundTarget; onClose: () => void }) {
  const { transaction } = target;
  const max = refundableAmount(transaction);
  const [amount, setAmount] = useState<number | string>(max);
  const [reason, setReason] = useState('');
  const refund = useRefund(onClose);
  const empty = amount === '' || Number(amount) <= 0;
  const problem = refundAmountProblem(amount, max, transaction.currency);

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        if (empty || problem) return;
        refund.mutate({ subscriptionId: target.subscriptionId, transactionId: transaction.id, amount: Number(amount), reason: reason.trim() || null });
      }}
    >
      <Stack gap="md">
        <Text size="sm">
          Original payment: <strong>{formatMoney(transaction.amount, transaction.currency)}</strong>
          {transaction.refundedAmount > 0 ? <> (already refunded {formatMoney(transaction.refundedAmount, transaction.currency)})</> : null}
        </Text>
        <NumberInput
          label="Refund amount"
          description={`Up to ${formatMoney(max, transaction.currency)}`}
          value={amount}
          onChange={setAmount}
          step={0.01}
          min={0.01}
          decimalScale={2}
          fixedDecimalScale
          clampBehavior="none"
          allowNegative={false}
          prefix="$"
          required
          error={problem}
          data-autofocus
        />
        <Textarea label="Reason (optional)" value={reason} onChange={(e) => setReason(e.currentTarget.value)} autosize minRows={2} maxLength={500} />
        <Alert color="orange" variant="light" icon={<IconAlertTriangle size={18} aria-hidden="true" />}>
          This will process a refund through the card payment provider (Stripe). This action cannot be undone.
        </Alert>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" color="red" disabled={empty || problem !== null || refund.isPending} loading={refund.isPending}>
            Process Refund
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
