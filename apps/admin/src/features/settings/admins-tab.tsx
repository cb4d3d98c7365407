import { ActionIcon, Badge, Button, Group, Modal, Paper, Stack, Text, Tooltip } from '@mantine/core';
import type { AdminListItem } from '@reelsmith/shared';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useAdminSession } from '../auth/admin-session.ts';
import { useAdminAbilities } from '../../lib/admin-role.ts';
import { adminDisplayName } from '../../lib/format.ts';
import { useTRPC } from '../../lib/trpc.ts';
import { AddAdminForm } from './add-admin-form.tsx';
import { useDeleteAdmin } from './use-admin-accounts.ts';

/** Spec §2 System Settings → Admins: the list, Add Admin (inline form) and delete with confirmation. */
export function AdminsTab() {
  const trpc = useTRPC();
  const abilities = useAdminAbilities();
  const me = useAdminSession()?.admin?.id ?? null;
  const admins = useQuery(trpc.admin.admins.list.queryOptions());
  const [adding, setAdding] = useState(false);
  const [deleting, setDeleting] = useState<AdminListItem | null>(null);
  const remove = useDeleteAdmin(() => setDeleting(null));

  // Spec §8: a failure to fetch the admin list is only logged.
  useEffect(() => {
    if (admins.error) console.error('Failed to fetch admin users', admins.error);
  }, [admins.error]);

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Text fw={600}>Admin users</Text>
        {abilities.superadmin && !adding ? (
          <Button leftSection={<IconPlus size={16} aria-hidden="true" />} onClick={() => setAdding(true)}>
            Add Admin
          </Button>
        ) : null}
      </Group>
      {adding ? <AddAdminForm onClose={() => setAdding(false)} /> : null}
      {(admins.data ?? []).map((admin) => (
        <Paper key={admin.id} withBorder radius="md" p="md" data-testid="admin-row">
          <Group justify="space-between" wrap="nowrap">
            <Stack gap={2} miw={0}>
              <Text fw={600} truncate="end">
                {adminDisplayName(admin)}
              </Text>
              <Text size="sm" c="dimmed" truncate="end">
                {admin.email}
              </Text>
              <Text size="xs" c="dimmed">
                Role: {admin.role || 'admin'}
              </Text>
            </Stack>
            <Group gap="sm" wrap="nowrap">
              <Badge color={admin.isActive ? 'teal' : 'gray'} variant="light">
                {admin.isActive ? 'Active' : 'Inactive'}
              </Badge>
              {abilities.superadmin && !admin.isMain && admin.id !== me ? (
                <Tooltip label="Delete admin">
                  <ActionIcon color="red" variant="subtle" aria-label={`Delete ${admin.email}`} onClick={() => setDeleting(admin)}>
                    <IconTrash size={18} aria-hidden="true" />
                  </ActionIcon>
                </Tooltip>
              ) : null}
            </Group>
          </Group>
        </Paper>
      ))}
      <Modal opened={deleting !== null} onClose={() => setDeleting(null)} title="Delete admin" centered>
        <Text mb="lg">Are you sure you want to delete this admin user?</Text>
        <Text size="sm" c="dimmed" mb="lg">
          {deleting?.email}
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={() => setDeleting(null)}>
            Cancel
          </Button>
          <Button color="red" loading={remove.isPending} onClick={() => deleting && remove.mutate({ id: deleting.id })}>
            Delete
          </Button>
        </Group>
      </Modal>
    </Stack>
  );
}
