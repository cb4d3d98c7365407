import { Button, Modal, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconBan } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { ActionRow } from '../../components/action-row.tsx';
import { formatDate } from '../../lib/format.ts';
import { useTRPC } from '../../lib/trpc.ts';
import { useRefreshBilling } from './use-current-subscription.ts';

const confirmQuestion = 'Are you sure you want to cancel your subscription?';

/** Cancel Plan with its confirmation (spec §5); the plan keeps working until the period ends. */
export function CancelPlanButton({ planName, endDate }: { planName: string; endDate: Date | null }) {
  const trpc = useTRPC();
  const refreshBilling = useRefreshBilling();
  const [opened, dialog] = useDisclosure(false);
  const cancel = useMutation(
    trpc.billing.subscription.cancel.mutationOptions({
      onSuccess: async (result) => {
        await refreshBilling();
        dialog.close();
        notifications.show({
          color: 'teal',
          title: 'Subscription cancelled',
          message: result.endDate
            ? `Your ${planName} plan stays active until ${formatDate(result.endDate)}.`
            : `Your ${planName} plan will not renew.`,
        });
      },
      onError: (error) => {
        dialog.close();
        notifications.show({ color: 'red', title: 'Cancellation failed', message: error.message });
      },
    }),
  );

  return (
    <>
      <Button variant="subtle" color="red" leftSection={<IconBan size={18} aria-hidden />} onClick={dialog.open}>
        Cancel Plan
      </Button>
      <Modal
        opened={opened}
        onClose={dialog.close}
        title="Cancel subscription"
        centered
        radius="lg"
        padding="xl"
        styles={{ title: { fontWeight: 800, fontSize: 'var(--mantine-font-size-lg)' } }}
      >
        <Stack gap="lg">
          <Stack gap="xs">
            <Text fw={600} size="lg">
              {confirmQuestion}
            </Text>
            <Text size="sm" c="gray.7">
              {endDate
                ? `You keep the ${planName} plan until ${formatDate(endDate)}; it will not renew after that.`
                : `The ${planName} plan will not renew.`}
            </Text>
          </Stack>
          <ActionRow>
            <Button variant="default" onClick={dialog.close} disabled={cancel.isPending}>
              Keep Plan
            </Button>
            <Button color="red" loading={cancel.isPending} onClick={() => cancel.mutate()}>
              Yes, Cancel Plan
            </Button>
          </ActionRow>
        </Stack>
      </Modal>
    </>
  );
}
