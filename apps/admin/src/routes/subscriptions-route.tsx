import { IconCreditCard } from '@tabler/icons-react';
import { EmptyPanel } from '../components/empty-panel.tsx';
import { PageHeader } from '../components/page-header.tsx';

export function SubscriptionsRoute() {
  return (
    <>
      <PageHeader title="Subscriptions" subtitle="Manage user subscriptions, process refunds, and make adjustments" />
      <EmptyPanel icon={IconCreditCard} />
    </>
  );
}
