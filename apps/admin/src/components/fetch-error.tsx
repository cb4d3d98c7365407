import { Alert } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { isUnauthorized, useFetchFailureToast } from '../lib/notify.ts';

/** Spec §8: a failed fetch shows its fixed message, as a toast and in place of the data. */
export function FetchError({ error, message }: { error: unknown; message: string }) {
  useFetchFailureToast(error, message);
  if (!error || isUnauthorized(error)) return null;
  return (
    <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} aria-hidden="true" />} role="alert" mb="md">
      {message}
    </Alert>
  );
}
