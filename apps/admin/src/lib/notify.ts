import { notifications } from '@mantine/notifications';
import { ApiError } from '@reelsmith/ui/api';
import { TRPCClientError } from '@trpc/client';
import { useEffect } from 'react';

// One place for toast styling, so every screen's success and failure messages look alike. A toast
// already on screen is not shown again (its title and message are its id): pressing 'Sign in' five
// times with a wrong password shows one 'Login failed', not a pile of them.
export function notifyError(title: string, message: string): void {
  notifications.show({ id: toastId('error', title, message), title, message, color: 'red' });
}

export function notifySuccess(title: string, message: string): void {
  notifications.show({ id: toastId('success', title, message), title, message, color: 'teal' });
}

function toastId(kind: string, title: string, message: string): string {
  return `${kind}:${title}:${message}`;
}

/** The server's message of a failed tRPC or REST call, else the fallback (network errors, unknown throws). */
export function serverMessage(error: unknown, fallback: string): string {
  if (error instanceof TRPCClientError || error instanceof ApiError) {
    const message = (error as Error).message.trim();
    // A fetch that never reached the server surfaces the browser's own wording.
    if (message && message !== 'Failed to fetch' && !message.startsWith('NetworkError')) return message;
  }
  return fallback;
}

/** A failed mutation's toast: the spec's title with the server message (or the fallback). */
export function notifyFailure(title: string, error: unknown, fallback: string): void {
  notifyError(title, serverMessage(error, fallback));
}

/** Whether the failure is the expired session, which session-expiry.ts already announces. */
export function isUnauthorized(error: unknown): boolean {
  if (error instanceof ApiError) return error.status === 401;
  if (error instanceof TRPCClientError) {
    const data = (error as TRPCClientError<never>).data as { httpStatus?: number } | undefined;
    return data?.httpStatus === 401;
  }
  return false;
}

/** Spec §8: a failed fetch shows its fixed message once per failure ('Failed to fetch users', ...). */
export function useFetchFailureToast(error: unknown, message: string): void {
  useEffect(() => {
    if (error && !isUnauthorized(error)) notifyError('Error', message);
  }, [error, message]);
}
