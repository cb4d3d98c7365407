import { notifications } from '@mantine/notifications';

// One place for toast styling, so every screen's success and failure messages look alike.
export function notifyError(title: string, message: string): void {
  notifications.show({ title, message, color: 'red' });
}

export function notifySuccess(title: string, message: string): void {
  notifications.show({ title, message, color: 'teal' });
}
