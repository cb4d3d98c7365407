import { Button, Container, Stack, Tabs, Text, Title } from '@mantine/core';
import { IconCreditCard, IconUser } from '@tabler/icons-react';
import { Link } from 'react-router';
import { ProfileDetails } from '../features/auth/profile-details.tsx';
import { useCurrentUser } from '../features/auth/use-current-user.ts';
import { pageTitle } from '../lib/brand.ts';
import { usePageTitle } from '../lib/use-page-title.ts';

export function ProfileRoute() {
  usePageTitle(pageTitle('My Profile'));
  const { data: user } = useCurrentUser();
  return (
    <Container size="md" py={48}>
      <Stack gap="lg">
        <Title order={1}>Account</Title>
        <Tabs defaultValue="profile" keepMounted={false}>
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
            <Stack gap="sm" align="flex-start">
              <Title order={2} fz="h3">
                Subscription
              </Title>
              <Text c="gray.7">Compare plans to get longer videos, HD quality and downloads.</Text>
              <Button component={Link} to="/pricing" variant="light">
                View Plans
              </Button>
            </Stack>
          </Tabs.Panel>
        </Tabs>
      </Stack>
    </Container>
  );
}
