import {
  IconActivity,
  IconCreditCard,
  IconDeviceDesktopAnalytics,
  IconLayoutDashboard,
  IconMail,
  IconMovie,
  IconSettings,
  IconUsers,
  type Icon,
} from '@tabler/icons-react';

export interface AdminNavItem {
  label: string;
  /** Path inside the /admin basename. */
  to: string;
  icon: Icon;
}

/** Spec §2: the sidebar's entries, in this order. */
export const adminNavItems: readonly AdminNavItem[] = [
  { label: 'Overview', to: '/dashboard', icon: IconLayoutDashboard },
  { label: 'Users', to: '/users', icon: IconUsers },
  { label: 'Sessions', to: '/sessions', icon: IconDeviceDesktopAnalytics },
  { label: 'Projects', to: '/projects', icon: IconMovie },
  { label: 'Subscriptions', to: '/subscriptions', icon: IconCreditCard },
  { label: 'Activity', to: '/activity', icon: IconActivity },
  { label: 'Email Settings', to: '/email-settings', icon: IconMail },
  { label: 'Settings', to: '/settings', icon: IconSettings },
];
