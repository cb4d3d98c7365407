// Spec §9: dates are shown in en-US and money in USD.

const shortDate = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'short', day: 'numeric' });
const monthDay = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric' });
const moneyFormats = new Map<string, Intl.NumberFormat>();

/** 'Nov 22, 2026'; a missing or invalid date is '—'. */
export function formatDate(value: Date | string | null | undefined): string {
  if (value === null || value === undefined) return '—';
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? '—' : shortDate.format(date);
}

/** 'Nov 22' (project cards); a missing or invalid date is '—'. */
export function formatMonthDay(value: Date | string | null | undefined): string {
  if (value === null || value === undefined) return '—';
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? '—' : monthDay.format(date);
}

/** '$1,234.50' (always two decimals), in the given ISO currency (USD by default). */
export function formatMoney(amount: number, currency = 'USD'): string {
  const code = currency.toUpperCase();
  let format = moneyFormats.get(code);
  if (!format) {
    format = new Intl.NumberFormat('en-US', { style: 'currency', currency: code });
    moneyFormats.set(code, format);
  }
  return format.format(amount);
}

/** A headline price: whole amounts without cents ('$49'), others with them ('$39.20'). */
export function formatPrice(amount: number, currency = 'USD'): string {
  const money = formatMoney(amount, currency);
  return Number.isInteger(amount) ? money.replace(/\.00$/, '') : money;
}
