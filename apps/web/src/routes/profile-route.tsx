import { Container, Stack, Tabs, Title } from '@mantine/core';
import { IconCreditCard, IconKey, IconUser, IconWebhook } from '@tabler/icons-react';
import { useSearchParams } from 'react-router';
import { ApiKeysPanel } from '../features/api-keys/api-keys-panel.tsx';
import { ProfileDetails } from '../features/auth/profile-details.tsx';
import { useCurrentUser } from '../features/auth/use-current-user.ts';
import { SubscriptionPanel } from '../features/billing/subscription-panel.tsx';
import { WebhooksPanel } from '../features/webhooks/webhooks-panel.tsx';
import { pageTitle } from '../lib/brand.ts';
import { usePageTitle } from '../lib/use-page-title.ts';

type ProfileTab = 'profile' | 'subscription' | 'api-keys' | 'webhooks';

const linkedTabs = new Set<string>(['subscription', 'api-keys', 'webhooks']);

export function ProfileRoute() {
  usePageTitle(pageTitle('My Profile'));
  const { data: user } = useCurrentUser();
  // The open tab lives in the address (?tab=subscription, ?tab=api-keys), so it can be linked to and survives reloads.
  const [params, setParams] = useSearchParams();
  const asked = params.get('tab');
  const tab: ProfileTab = asked !== null && linkedTabs.has(asked) ? (asked as ProfileTab) : 'profile';
  const selectTab = (value: string | null) => {
    setParams(value !== null && linkedTabs.has(value) ? { tab: value } : {}, { replace: true });
  };

  return (
    <Container size="md" py={{ base: 32, sm: 48 }}>
      <Stack gap="lg">
        <Title order={1}>Account</Title>
        <Tabs value={tab} onChange={selectTab} keepMounted={false}>
          <Tabs.List>
            <Tabs.Tab value="profile" leftSection={<IconUser size={16} aria-hidden />}>
              My Profile
            </Tabs.Tab>
            <Tabs.Tab value="subscription" leftSection={<IconCreditCard size={16} aria-hidden />}>
              Subscription
            </Tabs.Tab>
            <Tabs.Tab value="api-keys" leftSection={<IconKey size={16} aria-hidden />}>
              API keys
            </Tabs.Tab>
            <Tabs.Tab value="webhooks" leftSection={<IconWebhook size={16} aria-hidden />}>
              Webhooks
            </Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="profile" pt="lg">
            {user ? <ProfileDetails user={user} /> : null}
          </Tabs.Panel>
          <Tabs.Panel value="subscription" pt="lg">
            <SubscriptionPanel />
          </Tabs.Panel>
          <Tabs.Panel value="api-keys" pt="lg">
            <ApiKeysPanel />
          </Tabs.Panel>
          <Tabs.Panel value="webhooks" pt="lg">
            <WebhooksPanel />
          </Tabs.Panel>
        </Tabs>
      </Stack>
    </Container>
  );
}
