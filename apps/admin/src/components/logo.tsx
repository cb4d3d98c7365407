import { Badge, Group, Text } from '@mantine/core';

export function LogoMark({ size = 32 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <defs>
        <linearGradient id="rs-admin-logo-gradient" x1="0" y1="0" x2="32" y2="32" gradientUnits="userSpaceOnUse">
          <stop offset="0" stopColor="#6741ff" />
          <stop offset="0.6" stopColor="#c026d3" />
          <stop offset="1" stopColor="#f97316" />
        </linearGradient>
      </defs>
      <rect width="32" height="32" rx="9" fill="url(#rs-admin-logo-gradient)" />
      <path d="M12.5 9.5v13l10.5-6.5z" fill="#fff" />
    </svg>
  );
}

/** The product wordmark with an 'Admin' tag, so the back office is never mistaken for the customer app. */
export function AdminLogo() {
  return (
    <Group gap={8} wrap="nowrap">
      <LogoMark size={30} />
      <Text component="span" fw={800} fz={19} style={{ letterSpacing: '-0.02em' }}>
        Reelsmith
      </Text>
      <Badge variant="light" size="sm" radius="sm">
        Admin
      </Badge>
    </Group>
  );
}
