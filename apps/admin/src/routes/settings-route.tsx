import { SettingsScreen } from '../features/settings/settings-screen.tsx';

export function SettingsRoute() {
  return <SettingsScreen />;
}
