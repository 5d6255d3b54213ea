// Display formats shared by every screen: en-IN dates ('10 Jan 2025'), date
// and time, counts with Indian thousand separators, and '-' for empty values.

const DAY_MONTH_YEAR: Intl.DateTimeFormatOptions = { day: 'numeric', month: 'short', year: 'numeric' };
const CALENDAR_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

const dateFormat = new Intl.DateTimeFormat('en-IN', DAY_MONTH_YEAR);
const calendarFormat = new Intl.DateTimeFormat('en-IN', { ...DAY_MONTH_YEAR, timeZone: 'UTC' });
const dateTimeFormat = new Intl.DateTimeFormat('en-IN', { ...DAY_MONTH_YEAR, hour: 'numeric', minute: '2-digit' });
const countFormat = new Intl.NumberFormat('en-IN');

/** '-' for a missing or blank value, else the value. */
export function dash(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '-';
  const text = String(value);
  return text.trim() ? text : '-';
}

/**
 * A date as 'day short-month year' in en-IN. A calendar date (YYYY-MM-DD) is
 * shown as written, whatever the time zone; a timestamp in local time.
 */
export function formatDate(value: string | null | undefined): string {
  if (!value || !value.trim()) return '-';
  const calendar = CALENDAR_DATE.exec(value.trim());
  if (calendar) {
    const date = new Date(Date.UTC(Number(calendar[1]), Number(calendar[2]) - 1, Number(calendar[3])));
    return Number.isNaN(date.getTime()) ? value : calendarFormat.format(date);
  }
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? value : dateFormat.format(date);
}

/** A timestamp as '21 Nov 2025, 1:42 pm' in local time. */
export function formatDateTime(value: string | null | undefined): string {
  if (!value || !value.trim()) return '-';
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? value : dateTimeFormat.format(date);
}

/** A count with en-IN thousand separators: 1,23,456. */
export function formatCount(value: number | null | undefined): string {
  return countFormat.format(value ?? 0);
}

/** Today as YYYY-MM-DD in local time (the latest FIR date allowed). */
export function todayIso(now: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** 'Yes' or 'No'. */
export const yesNo = (value: boolean | null | undefined): string => (value ? 'Yes' : 'No');
