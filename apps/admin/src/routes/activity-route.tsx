import { ActivityScreen } from '../features/activity/activity-screen.tsx';

export function ActivityRoute() {
  return <ActivityScreen />;
}
