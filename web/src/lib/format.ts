// Display formats shared by every screen: dates ('10 Jan 2025') and counts with
// Indian thousand separators in the current language (see i18n/format.ts), and
// '-' for empty values.
import { i18n } from '../i18n';
import { formatDate, formatDateTime, formatNumber } from '../i18n/format';

export { formatDate, formatDateTime };

/** '-' for a missing or blank value, else the value. */
export function dash(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '-';
  const text = String(value);
  return text.trim() ? text : '-';
}

/** A count with Indian thousand separators: 1,23,456. */
export function formatCount(value: number | null | undefined): string {
  return formatNumber(value);
}

/** Today as YYYY-MM-DD in local time (the latest FIR date allowed). */
export function todayIso(now: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** 'Yes' or 'No' in the current language. */
export const yesNo = (value: boolean | null | undefined): string => i18n.t(value ? 'common:yes' : 'common:no');
