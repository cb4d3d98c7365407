import { Button } from '@mantine/core';
import { IconArrowLeft, IconUser } from '@tabler/icons-react';
import { Link } from 'react-router';
import { EmptyPanel } from '../components/empty-panel.tsx';
import { PageHeader } from '../components/page-header.tsx';

export function UserDetailsRoute() {
  return (
    <>
      <Button component={Link} to="/users" variant="subtle" leftSection={<IconArrowLeft size={16} aria-hidden="true" />} mb="md" px="xs">
        Back to Users
      </Button>
      <PageHeader title="User details" subtitle="Account, subscription and projects of this customer" />
      <EmptyPanel icon={IconUser} />
    </>
  );
}
