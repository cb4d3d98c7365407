import { format, formatDistanceToNow, isValid } from 'date-fns';

// Spec §9: dates as PP, PPp and 'MMM dd yyyy'; money en-US, USD by default.

export type DateInput = Date | string | number | null | undefined;

const missing = '-';

function toDate(value: DateInput): Date | null {
  if (value === null || value === undefined || value === '') return null;
  const date = value instanceof Date ? value : new Date(value);
  return isValid(date) ? date : null;
}

/** 'Jan 5, 2024' (date-fns PP); '-' when missing or invalid. */
export function formatDate(value: DateInput): string {
  const date = toDate(value);
  return date ? format(date, 'PP') : missing;
}

/** 'Jan 5, 2024, 3:04 PM' (date-fns PPp). */
export function formatDateTime(value: DateInput): string {
  const date = toDate(value);
  return date ? format(date, 'PPp') : missing;
}

/** 'Jan 05 2024' (the spec's 'MMM dd yyyy'). */
export function formatShortDate(value: DateInput): string {
  const date = toDate(value);
  return date ? format(date, 'MMM dd yyyy') : missing;
}

/** '5 minutes ago' relative to `now` (injectable for tests). */
export function formatRelative(value: DateInput, now: Date = new Date()): string {
  const date = toDate(value);
  if (!date) return missing;
  // formatDistanceToNow reads the clock itself; shifting keeps the result relative to `now`.
  const shifted = new Date(date.getTime() + (Date.now() - now.getTime()));
  return formatDistanceToNow(shifted, { addSuffix: true });
}

const moneyFormats = new Map<string, Intl.NumberFormat>();

/** '$1,234.50' in en-US; the currency defaults to USD. */
export function formatMoney(amount: number, currency = 'USD'): string {
  const code = (currency || 'USD').toUpperCase();
  let formatter = moneyFormats.get(code);
  if (!formatter) {
    formatter = new Intl.NumberFormat('en-US', { style: 'currency', currency: code });
    moneyFormats.set(code, formatter);
  }
  return formatter.format(amount);
}

const integerFormat = new Intl.NumberFormat('en-US');

/** '12,345'. */
export function formatCount(value: number): string {
  return integerFormat.format(value);
}

/** '42.5%' (one decimal at most); a non-finite value is 'N/A'. */
export function formatPercent(value: number): string {
  if (!Number.isFinite(value)) return 'N/A';
  return `${Math.round(value * 10) / 10}%`;
}

interface PersonName {
  firstName?: string | null;
  lastName?: string | null;
}

function joinName(person: PersonName): string {
  return [person.firstName, person.lastName]
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(' ');
}

/** Spec §3: 'first last', or whichever exists, else 'Unnamed User'. */
export function userDisplayName(person: PersonName): string {
  return joinName(person) || 'Unnamed User';
}

/** Spec §3: 'first last', or whichever exists, else 'Unnamed Admin'. */
export function adminDisplayName(person: PersonName): string {
  return joinName(person) || 'Unnamed Admin';
}

/** '2h 15m' for a duration in milliseconds (spec §3: hours and minutes); negative or missing is '-'. */
export function formatDuration(milliseconds: number | null | undefined): string {
  if (milliseconds === null || milliseconds === undefined || !Number.isFinite(milliseconds) || milliseconds < 0) return missing;
  const totalMinutes = Math.floor(milliseconds / 60_000);
  const hours = Math.floor(totalMinutes / 60);
  const minutes = totalMinutes % 60;
  return `${hours}h ${minutes}m`;
}

/** The duration between two instants, e.g. a session's login and expiry. */
export function durationBetween(start: DateInput, end: DateInput): string {
  const from = toDate(start);
  const to = toDate(end);
  return from && to ? formatDuration(to.getTime() - from.getTime()) : missing;
}
