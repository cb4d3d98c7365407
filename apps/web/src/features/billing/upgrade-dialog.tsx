import { Button, Group, List, Modal, Paper, Stack, Text, ThemeIcon } from '@mantine/core';
import { ActionRow } from '../../components/action-row.tsx';
import { FREE_PLAN_LIMITS, billingMessages } from '@reelsmith/shared';
import { IconCrown, IconLock } from '@tabler/icons-react';
import { useNavigate } from 'react-router';

/** Why the dialog opens: a general upsell, the Free plan's one video used, or a paid plan's quota used. */
export type UpgradeReason = 'upgrade' | 'video-limit' | 'quota';

const copy: Record<UpgradeReason, { title: string; message: string; showFreeLimits: boolean }> = {
  upgrade: {
    title: 'Upgrade Your Subscription',
    message: 'This is part of the paid plans. Upgrade for longer videos, HD 1080p quality, downloads and more videos every month.',
    showFreeLimits: true,
  },
  'video-limit': { title: 'Video Limit Reached', message: billingMessages.freeLimit, showFreeLimits: true },
  quota: { title: 'Video Quota Reached', message: billingMessages.quota, showFreeLimits: false },
};

export const freePlanLimits = [
  `${FREE_PLAN_LIMITS.videosLifetime} video lifetime`,
  `Max ${FREE_PLAN_LIMITS.maxReelSeconds} seconds`,
  'Standard quality 360p with watermark',
  'No downloads',
] as const;

export interface UpgradeDialogProps {
  opened: boolean;
  onClose: () => void;
  /** Called once the dialog has closed (its closing transition over). */
  onClosed?: () => void;
  reason?: UpgradeReason;
  /** Overrides for callers with their own wording (e.g. a locked wizard option). */
  title?: string;
  message?: string;
}

/** Spec §2 'Upgrade dialog': title, explanation, the Free plan limits, Cancel and Upgrade Subscription. */
export function UpgradeDialog({ opened, onClose, onClosed, reason = 'upgrade', title, message }: UpgradeDialogProps) {
  const navigate = useNavigate();
  const text = copy[reason];
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      onExitTransitionEnd={onClosed}
      centered
      radius="lg"
      padding="xl"
      title={
        <Group gap="sm" wrap="nowrap">
          <ThemeIcon variant="light" size={36} radius="xl">
            <IconCrown size={20} aria-hidden />
          </ThemeIcon>
          <Text component="span" fw={800} fz="lg">
            {title ?? text.title}
          </Text>
        </Group>
      }
    >
      <Stack gap="lg">
        <Text c="gray.8">{message ?? text.message}</Text>
        {text.showFreeLimits ? (
          <Paper bg="gray.0" radius="md" p="md">
            <Text fw={700} size="sm" mb="xs">
              The Free plan includes
            </Text>
            <List
              spacing={6}
              size="sm"
              c="gray.8"
              center
              icon={
                <ThemeIcon size={20} radius="xl" color="gray.6" variant="light">
                  <IconLock size={12} aria-hidden />
                </ThemeIcon>
              }
            >
              {freePlanLimits.map((limit) => (
                <List.Item key={limit} lh={1.45}>
                  {limit}
                </List.Item>
              ))}
            </List>
          </Paper>
        ) : null}
        <ActionRow>
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button
            leftSection={<IconCrown size={18} aria-hidden />}
            onClick={() => {
              onClose();
              void navigate('/pricing');
            }}
          >
            Upgrade Subscription
          </Button>
        </ActionRow>
      </Stack>
    </Modal>
  );
}
