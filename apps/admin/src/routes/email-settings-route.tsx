import { EmailSettingsScreen } from '../features/email/email-settings-screen.tsx';

export function EmailSettingsRoute() {
  return <EmailSettingsScreen />;
}
