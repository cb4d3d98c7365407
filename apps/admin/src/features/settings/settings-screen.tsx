import { Button, Tabs } from '@mantine/core';
import { defaultSystemSettings, type SystemSettings } from '@reelsmith/shared';
import { IconCpu, IconDeviceFloppy, IconSettings, IconUsers } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { PageHeader } from '../../components/page-header.tsx';
import { useAdminAbilities } from '../../lib/admin-role.ts';
import { notifyFailure, notifySuccess } from '../../lib/notify.ts';
import { useTRPC } from '../../lib/trpc.ts';
import { AdminsTab } from './admins-tab.tsx';
import { PlatformTab } from './platform-tab.tsx';
import { ProvidersTab } from './providers-tab.tsx';

/** Spec §2 System Settings: the held settings object (saved whole), the Admins tab, the Platform tab and the AI Providers tab. */
export function SettingsScreen() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const abilities = useAdminAbilities();
  const stored = useQuery(trpc.admin.settings.get.queryOptions());
  const [held, setHeld] = useState<SystemSettings>(defaultSystemSettings);
  useEffect(() => {
    if (stored.data) setHeld(stored.data);
  }, [stored.data]);

  const save = useMutation(
    trpc.admin.settings.save.mutationOptions({
      onSuccess: async (result) => {
        notifySuccess('Settings saved', 'System settings have been updated successfully.');
        setHeld(result.settings);
        await queryClient.invalidateQueries({ queryKey: trpc.admin.settings.get.queryKey() });
      },
      onError: (error) => notifyFailure('Save failed', error, 'Failed to save settings'),
    }),
  );

  const update = <G extends keyof SystemSettings, K extends keyof SystemSettings[G]>(group: G, key: K, value: SystemSettings[G][K]) =>
    setHeld((current) => ({ ...current, [group]: { ...current[group], [key]: value } }));

  return (
    <>
      <PageHeader
        title="System Settings"
        subtitle="Configure platform settings and preferences"
        actions={
          abilities.manage ? (
            <Button leftSection={<IconDeviceFloppy size={16} aria-hidden="true" />} loading={save.isPending} disabled={!stored.data} onClick={() => save.mutate(held)}>
              Save Settings
            </Button>
          ) : null
        }
      />
      <Tabs defaultValue="admins" keepMounted={false}>
        <Tabs.List mb="lg">
          <Tabs.Tab value="admins" leftSection={<IconUsers size={16} aria-hidden="true" />}>
            Admins
          </Tabs.Tab>
          <Tabs.Tab value="platform" leftSection={<IconSettings size={16} aria-hidden="true" />}>
            Platform
          </Tabs.Tab>
          <Tabs.Tab value="providers" leftSection={<IconCpu size={16} aria-hidden="true" />}>
            AI Providers
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="admins">
          <AdminsTab />
        </Tabs.Panel>
        <Tabs.Panel value="platform">
          <PlatformTab settings={held} update={update} readOnly={!abilities.manage} />
        </Tabs.Panel>
        <Tabs.Panel value="providers">
          <ProvidersTab />
        </Tabs.Panel>
      </Tabs>
    </>
  );
}
