import { Tabs } from '@mantine/core';
import { IconList, IconTemplate } from '@tabler/icons-react';
import { useSearchParams } from 'react-router';
import { PageHeader } from '../../components/page-header.tsx';
import { useAdminAbilities } from '../../lib/admin-role.ts';
import { LogsTab } from './logs-tab.tsx';
import { TemplatesTab } from './templates-tab.tsx';

/** Spec §2 Email Settings: the Templates and Logs tabs. */
export function EmailSettingsScreen() {
  const abilities = useAdminAbilities();
  // The open tab is in the URL (?tab=logs), so a reload or Back keeps the Logs tab and its filters (issue 21).
  const [searchParams, setSearchParams] = useSearchParams();
  const tab = searchParams.get('tab') === 'logs' ? 'logs' : 'templates';
  return (
    <>
      <PageHeader title="Email Settings" subtitle="Manage email templates and view email logs" />
      <Tabs value={tab} onChange={(next) => setSearchParams(next === 'logs' ? { tab: 'logs' } : {})} keepMounted={false}>
        <Tabs.List mb="md">
          <Tabs.Tab value="templates" leftSection={<IconTemplate size={16} aria-hidden="true" />}>
            Templates
          </Tabs.Tab>
          <Tabs.Tab value="logs" leftSection={<IconList size={16} aria-hidden="true" />}>
            Logs
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="templates">
          <TemplatesTab canManage={abilities.manage} />
        </Tabs.Panel>
        <Tabs.Panel value="logs">
          <LogsTab />
        </Tabs.Panel>
      </Tabs>
    </>
  );
}
