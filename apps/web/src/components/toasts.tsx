// The toasts' component (with its transitions and scroll handling), loaded when the first toast is
// shown: most visits to the landing page show none. The toasts' store stays in the first load.
export { Notifications as default } from '@mantine/notifications';
