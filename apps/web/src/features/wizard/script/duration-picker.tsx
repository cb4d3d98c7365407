import { Button, SimpleGrid, Stack, Text } from '@mantine/core';
import { REEL_DURATIONS } from '@reelsmith/shared';
import { IconLock } from '@tabler/icons-react';
import { isDurationLocked, type PlanLimits } from './script-rules.ts';

export interface DurationPickerProps {
  value: number;
  plan: PlanLimits | undefined;
  disabled?: boolean;
  onPick: (duration: number) => void;
  onLocked: (duration: number) => void;
}

/** Spec §2 'Step 1': 20 … 55 s; durations above the plan show a lock and open the Upgrade dialog. */
export function DurationPicker({ value, plan, disabled, onPick, onLocked }: DurationPickerProps) {
  return (
    <Stack gap={6} role="group" aria-labelledby="reel-duration-label">
      <Text id="reel-duration-label" fw={600} size="sm">
        Video duration
      </Text>
      <SimpleGrid cols={{ base: 4, xs: 7 }} spacing="xs">
        {REEL_DURATIONS.map((duration) => {
          const locked = isDurationLocked(duration, plan);
          const selected = duration === value;
          return (
            <Button
              key={duration}
              variant={selected ? 'filled' : 'default'}
              color={locked ? 'gray' : undefined}
              aria-pressed={selected}
              aria-label={locked ? `${duration} s (locked, upgrade to unlock)` : `${duration} s`}
              data-locked={locked || undefined}
              disabled={disabled}
              px="xs"
              c={locked && !disabled ? 'gray.6' : undefined}
              rightSection={locked ? <IconLock size={14} aria-hidden /> : undefined}
              onClick={() => (locked ? onLocked(duration) : onPick(duration))}
            >
              {duration} s
            </Button>
          );
        })}
      </SimpleGrid>
      {plan?.isFreeUser ? (
        <Text size="xs" c="gray.7">
          The Free plan makes videos of up to 20 seconds. Upgrade for longer videos.
        </Text>
      ) : null}
    </Stack>
  );
}
