import { ApiError, type ApiFetch } from '@reelsmith/ui/api';
import { adminFetch } from '../../lib/admin-api.ts';
import { parseAdminUser, type AdminUser } from './admin-user.ts';

export interface AdminCredentials {
  email: string;
  password: string;
}

/** Spec §5: both fields are required before anything is sent. */
export const missingFieldsNotice = { title: 'Missing fields', message: 'Please enter both email and password' } as const;

export function hasLoginFields(credentials: AdminCredentials): boolean {
  return credentials.email.trim() !== '' && credentials.password !== '';
}

/** POST /api/admin/login without a bearer token; answers `{ token, admin }` (spec §7). */
export async function loginAdmin(
  credentials: AdminCredentials,
  fetcher: ApiFetch = adminFetch,
): Promise<{ token: string; admin: AdminUser }> {
  const answer = await fetcher<unknown>('/api/admin/login', {
    method: 'POST',
    body: { email: credentials.email.trim(), password: credentials.password },
    auth: 'none',
  });
  return parseLoginAnswer(answer);
}

export function parseLoginAnswer(answer: unknown): { token: string; admin: AdminUser } {
  const record = typeof answer === 'object' && answer !== null ? (answer as Record<string, unknown>) : {};
  const token = record['token'];
  const admin = parseAdminUser(record['admin']);
  if (typeof token !== 'string' || token === '' || !admin) {
    throw new Error('The server sent an unexpected answer. Please try again.');
  }
  return { token, admin };
}

const networkFailureMessage = 'Could not reach the server. Please check your connection and try again.';

/** The toast text for a failed login: the server's message (401, 423, 4xx), else a network hint. */
export function loginFailureMessage(error: unknown): string {
  if (error instanceof ApiError) return error.message;
  // fetch rejects with a TypeError when the server cannot be reached.
  if (error instanceof Error && !(error instanceof TypeError)) return error.message;
  return networkFailureMessage;
}
