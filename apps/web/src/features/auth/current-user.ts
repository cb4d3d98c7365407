import type { CurrentUser } from '@reelsmith/shared';

/** The auth-user call's JSON answer: the shared shape, with dates as ISO strings on the wire. */
export type CurrentUserResponse = Omit<CurrentUser, 'createdAt'> & { createdAt: string };

export function displayName(user: Pick<CurrentUser, 'firstName' | 'lastName' | 'email'>): string {
  const name = [user.firstName, user.lastName].filter(Boolean).join(' ');
  return name || user.email;
}

export function initials(user: Pick<CurrentUser, 'firstName' | 'lastName' | 'email'>): string {
  const letters = [user.firstName, user.lastName].map((part) => part?.trim().charAt(0) ?? '').join('');
  return (letters || user.email.charAt(0)).toUpperCase();
}

/** Dates are shown in en-US (spec §9), e.g. 'March 4, 2026'. */
export function formatMemberSince(createdAt: string): string {
  const date = new Date(createdAt);
  if (Number.isNaN(date.getTime())) return '—';
  return date.toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric' });
}
