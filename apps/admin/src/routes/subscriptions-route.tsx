import { SubscriptionsScreen } from '../features/subscriptions/subscriptions-screen.tsx';

export function SubscriptionsRoute() {
  return <SubscriptionsScreen />;
}
