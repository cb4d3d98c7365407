import { Button, Group, Paper, PasswordInput, Select, SimpleGrid, TextInput } from '@mantine/core';
import { splitAdminName } from '@reelsmith/shared';
import { useState } from 'react';
import { roleOptions } from './admin-form-rules.ts';
import { useCreateAdmin } from './use-admin-accounts.ts';

type Role = 'admin' | 'superadmin' | 'support';

/** Spec §2/§5 Add Admin: Name (split at the first space), Email, Password, Role; no client checks. */
export function AddAdminForm({ onClose }: { onClose: () => void }) {
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [role, setRole] = useState<Role>('admin');
  const create = useCreateAdmin(onClose);
  return (
    <Paper withBorder radius="md" p="md" mb="md" component="form" aria-label="Add Admin" onSubmit={(event) => {
      event.preventDefault();
      create.mutate({ ...splitAdminName(name), email, password, role });
    }}>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <TextInput label="Name" value={name} onChange={(e) => setName(e.currentTarget.value)} autoComplete="off" />
        <TextInput label="Email" type="email" value={email} onChange={(e) => setEmail(e.currentTarget.value)} autoComplete="off" />
        <PasswordInput label="Password" placeholder="Strong password" value={password} onChange={(e) => setPassword(e.currentTarget.value)} autoComplete="new-password" />
        <Select label="Role" data={roleOptions} value={role} allowDeselect={false} onChange={(v) => setRole((v as Role | null) ?? 'admin')} />
      </SimpleGrid>
      <Group justify="flex-end" mt="md">
        <Button variant="default" onClick={onClose}>
          Cancel
        </Button>
        <Button type="submit" loading={create.isPending}>
          Add Admin
        </Button>
      </Group>
    </Paper>
  );
}
