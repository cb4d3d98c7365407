import { Button, Modal, Stack, Text } from '@mantine/core';
import { ActionRow } from '../../../components/action-row.tsx';

export interface DurationChangeDialogProps {
  /** The duration asked for, or null when closed. */
  duration: number | null;
  onKeep: () => void;
  onRegenerate: () => void;
  onCancel: () => void;
}

/** Spec §4: changing the duration with scenes asks whether to regenerate them all. */
export function DurationChangeDialog({ duration, onKeep, onRegenerate, onCancel }: DurationChangeDialogProps) {
  return (
    <Modal opened={duration !== null} onClose={onCancel} title="Regenerate scenes for the new duration?" centered>
      <Stack gap="lg">
        <Text size="sm">
          You changed the video duration to {duration ?? ''} seconds. Regenerate all scenes to fit the new length, or keep your current scenes.
        </Text>
        <ActionRow>
          <Button variant="default" onClick={onKeep}>
            Keep Current Scenes
          </Button>
          <Button onClick={onRegenerate}>Regenerate All</Button>
        </ActionRow>
      </Stack>
    </Modal>
  );
}
