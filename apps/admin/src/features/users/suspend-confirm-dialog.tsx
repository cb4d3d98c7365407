import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { userDisplayName } from '../../lib/format.ts';

export interface SuspendTarget {
  id: string;
  email: string;
  firstName?: string | null;
  lastName?: string | null;
}

/**
 * Asked before a customer is suspended, since suspending also ends every session they have open.
 * Cancel (or closing the dialog) changes nothing.
 */
export function SuspendConfirmDialog({ target, busy, onCancel, onConfirm }: { target: SuspendTarget | null; busy: boolean; onCancel: () => void; onConfirm: () => void }) {
  return (
    <Modal opened={target !== null} onClose={onCancel} title="Suspend this customer?" centered>
      {target ? (
        <Stack gap="md">
          <Text size="sm">
            <strong>{userDisplayName(target)}</strong> ({target.email}) will be signed out everywhere: <strong>all of their sessions will end</strong> now, and they
            cannot sign in again until an admin activates the account.
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={onCancel} disabled={busy}>
              Cancel
            </Button>
            <Button color="red" onClick={onConfirm} loading={busy} data-autofocus>
              Suspend and end sessions
            </Button>
          </Group>
        </Stack>
      ) : null}
    </Modal>
  );
}
