import { TRPCClientError } from '@trpc/client';

export const roleOptions = [
  { value: 'admin', label: 'Admin' },
  { value: 'superadmin', label: 'Super Admin' },
  { value: 'support', label: 'Support' },
];

/** A failure that never reached the server (no HTTP status), which spec §8 words differently. */
export function isNetworkFailure(error: unknown): boolean {
  if (error instanceof TRPCClientError) {
    const data = (error as TRPCClientError<never>).data as { httpStatus?: number } | undefined;
    return typeof data?.httpStatus !== 'number';
  }
  return true;
}
