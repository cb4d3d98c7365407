import { Anchor, Group, Stack, Text } from '@mantine/core';
import type { AdminSession } from '@reelsmith/shared';
import { IconDeviceDesktop, IconDeviceMobile, IconDeviceTablet } from '@tabler/icons-react';
import { Link } from 'react-router';
import { formatDateTime, formatRelative } from '../../lib/format.ts';
import { UserAvatar } from '../users/user-avatar.tsx';
import { sessionLocation } from './session-rules.ts';

const deviceIcons = { desktop: IconDeviceDesktop, tablet: IconDeviceTablet, mobile: IconDeviceMobile } as const;
const deviceLabels = { desktop: 'Desktop', tablet: 'Tablet', mobile: 'Mobile' } as const;

export function SessionUserCell({ session }: { session: AdminSession }) {
  return (
    <Group gap="sm" wrap="nowrap">
      <UserAvatar src={session.user.avatarUrl} name={session.user.name} size={32} />
      <Stack gap={0} miw={0}>
        <Anchor component={Link} to={`/users/${session.user.id}`} size="sm" fw={600} truncate="end">
          {session.user.name}
        </Anchor>
        <Text size="xs" c="dimmed" truncate="end">
          {session.user.email}
        </Text>
      </Stack>
    </Group>
  );
}

export function SessionDeviceCell({ session }: { session: AdminSession }) {
  const DeviceIcon = deviceIcons[session.deviceType];
  return (
    <Group gap="xs" wrap="nowrap">
      <DeviceIcon size={18} stroke={1.6} aria-label={deviceLabels[session.deviceType]} />
      <Stack gap={0}>
        <Text size="sm">{session.browser}</Text>
        <Text size="xs" c="dimmed">
          {session.os}
        </Text>
      </Stack>
    </Group>
  );
}

export function SessionLocationCell({ session }: { session: AdminSession }) {
  return <Text size="sm">{sessionLocation(session)}</Text>;
}

export function SessionTimeCell({ value }: { value: Date }) {
  return (
    <Stack gap={0}>
      <Text size="sm">{formatDateTime(value)}</Text>
      <Text size="xs" c="dimmed">
        {formatRelative(value)}
      </Text>
    </Stack>
  );
}
