import { notificationsStore } from '@mantine/notifications';
import { beforeEach, describe, expect, it } from 'vitest';
import { notifyError, notifySuccess } from './notify.ts';

const shown = () => [...notificationsStore.getState().notifications, ...notificationsStore.getState().queue].map((n) => `${String(n.title)} / ${String(n.message)}`);

describe('toasts', () => {
  beforeEach(() => {
    notificationsStore.setState({ notifications: [], queue: [], defaultPosition: 'top-right', limit: 3 });
  });

  it('shows a failure once while it is on screen, however often it happens', () => {
    for (let i = 0; i < 5; i++) notifyError('Login failed', 'Invalid email or password');
    expect(shown()).toEqual(['Login failed / Invalid email or password']);
  });

  it('still shows different messages, and a success beside a failure with the same words', () => {
    notifyError('Login failed', 'Invalid email or password');
    notifyError('Missing fields', 'Please enter email and password');
    notifySuccess('Login failed', 'Invalid email or password');
    expect(shown()).toHaveLength(3);
  });
});
