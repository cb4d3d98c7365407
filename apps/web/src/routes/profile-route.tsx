import { Container, Stack, Tabs, Title } from '@mantine/core';
import { IconCreditCard, IconUser } from '@tabler/icons-react';
import { useSearchParams } from 'react-router';
import { ProfileDetails } from '../features/auth/profile-details.tsx';
import { useCurrentUser } from '../features/auth/use-current-user.ts';
import { SubscriptionPanel } from '../features/billing/subscription-panel.tsx';
import { pageTitle } from '../lib/brand.ts';
import { usePageTitle } from '../lib/use-page-title.ts';

type ProfileTab = 'profile' | 'subscription';

export function ProfileRoute() {
  usePageTitle(pageTitle('My Profile'));
  const { data: user } = useCurrentUser();
  // The open tab lives in the address (?tab=subscription), so it can be linked to and survives reloads.
  const [params, setParams] = useSearchParams();
  const tab: ProfileTab = params.get('tab') === 'subscription' ? 'subscription' : 'profile';
  const selectTab = (value: string | null) => {
    setParams(value === 'subscription' ? { tab: value } : {}, { replace: true });
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
          </Tabs.List>
          <Tabs.Panel value="profile" pt="lg">
            {user ? <ProfileDetails user={user} /> : null}
          </Tabs.Panel>
          <Tabs.Panel value="subscription" pt="lg">
            <SubscriptionPanel />
          </Tabs.Panel>
        </Tabs>
      </Stack>
    </Container>
  );
}
