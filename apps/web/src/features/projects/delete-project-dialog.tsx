import { Button, Modal, Stack, Text } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { ActionRow } from '../../components/action-row.tsx';

/** Spec §5: the confirmation before a project is deleted. */
export const deleteProjectQuestion = 'Are you sure you want to delete this project? This action cannot be undone.';

/** The confirmation shared by the project card and the wizard's Delete Project button. */
export function DeleteProjectDialog({
  opened,
  projectTitle,
  deleting,
  onCancel,
  onConfirm,
}: {
  opened: boolean;
  projectTitle: string;
  deleting: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  return (
    <Modal
      opened={opened}
      onClose={onCancel}
      title="Delete project"
      centered
      radius="lg"
      padding="xl"
      styles={{ title: { fontWeight: 800, fontSize: 'var(--mantine-font-size-lg)' } }}
    >
      <Stack gap="lg">
        <Stack gap="xs">
          <Text fw={600} size="lg">
            {deleteProjectQuestion}
          </Text>
          <Text size="sm" c="gray.7" style={{ overflowWrap: 'anywhere' }}>
            “{projectTitle}”, its scenes, voiceover, avatars and videos will be removed.
          </Text>
        </Stack>
        <ActionRow>
          <Button variant="default" onClick={onCancel} disabled={deleting}>
            Cancel
          </Button>
          <Button color="red" leftSection={<IconTrash size={18} aria-hidden />} loading={deleting} onClick={onConfirm}>
            Delete
          </Button>
        </ActionRow>
      </Stack>
    </Modal>
  );
}
