import { notifications } from '@mantine/notifications';
import type { TitledError } from '@reelsmith/shared';

/** Shows a §8 titled error as a red toast. */
export function showError(error: TitledError): void {
  notifications.show({ color: 'red', title: error.title, message: error.description });
}

export function showSuccess(title: string, message: string): void {
  notifications.show({ color: 'teal', title, message });
}
