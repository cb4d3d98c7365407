import { Avatar } from '@mantine/core';
import { IconUser } from '@tabler/icons-react';

/** The customer's picture, else a person icon. */
export function UserAvatar({ src, name, size = 36 }: { src: string | null | undefined; name: string; size?: number }) {
  return (
    <Avatar src={src || null} alt={name} radius="xl" size={size} color="reel">
      <IconUser size={Math.round(size * 0.55)} aria-hidden="true" />
    </Avatar>
  );
}
