import { Avatar, Badge, Button, Group, Stack, Text } from '@mantine/core';
import { IconLogout } from '@tabler/icons-react';
import { useState } from 'react';
import { logoutAdmin } from '../features/auth/admin-logout.ts';
import { adminDisplayName, adminInitials, adminRoleLabel, type AdminUser } from '../features/auth/admin-user.ts';

/** The sidebar's footer: who is signed in (e-mail and role) and the logout action. */
export function AdminAccount({ admin }: { admin: AdminUser | null }) {
  const [signingOut, setSigningOut] = useState(false);

  async function handleLogout() {
    setSigningOut(true);
    await logoutAdmin();
  }

  return (
    <Stack gap="sm">
      {admin ? (
        <Group gap="sm" wrap="nowrap" align="flex-start" data-testid="admin-account">
          <Avatar radius="xl" color="reel" variant="filled" aria-hidden="true">
            {adminInitials(admin)}
          </Avatar>
          <Stack gap={2} miw={0} style={{ flex: 1 }}>
            <Text size="sm" fw={600} truncate="end" title={adminDisplayName(admin)}>
              {adminDisplayName(admin)}
            </Text>
            <Text size="xs" c="dimmed" truncate="end" title={admin.email}>
              {admin.email}
            </Text>
            <Badge variant="light" size="sm" radius="sm" mt={4} style={{ alignSelf: 'flex-start' }}>
              {adminRoleLabel(admin.role)}
            </Badge>
          </Stack>
        </Group>
      ) : null}
      <Button
        variant="default"
        leftSection={<IconLogout size={18} aria-hidden="true" />}
        onClick={() => void handleLogout()}
        loading={signingOut}
        fullWidth
      >
        Logout
      </Button>
    </Stack>
  );
}
