// Dates and numbers for the current language: en-IN for English, hi-IN for Hindi.
// A calendar date (YYYY-MM-DD) is shown as written, whatever the time zone; a
// timestamp in local time.
import { i18n } from './index';
import { groupNumber } from './number-grouping';

const DAY_MONTH_YEAR: Intl.DateTimeFormatOptions = { day: 'numeric', month: 'short', year: 'numeric' };
const CALENDAR_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

type Formats = { date: Intl.DateTimeFormat; calendar: Intl.DateTimeFormat; dateTime: Intl.DateTimeFormat; number: Intl.NumberFormat };
const cache = new Map<string, Formats>();

/** 'en-IN' or 'hi-IN' for the language on screen. */
export function locale(): string {
  return (i18n.resolvedLanguage ?? i18n.language) === 'hi' ? 'hi-IN' : 'en-IN';
}

function formats(): Formats {
  const tag = locale();
  let found = cache.get(tag);
  if (!found) {
    found = {
      date: new Intl.DateTimeFormat(tag, DAY_MONTH_YEAR),
      calendar: new Intl.DateTimeFormat(tag, { ...DAY_MONTH_YEAR, timeZone: 'UTC' }),
      dateTime: new Intl.DateTimeFormat(tag, { ...DAY_MONTH_YEAR, hour: 'numeric', minute: '2-digit' }),
      // Latin digits in both languages, as Indian government portals show them.
      number: new Intl.NumberFormat(tag, { numberingSystem: 'latn' }),
    };
    cache.set(tag, found);
  }
  return found;
}

/** A date as 'day short-month year' ('10 Jan 2025' / '10 जन॰ 2025'); '-' when empty. */
export function formatDate(value: string | null | undefined): string {
  if (!value || !value.trim()) return '-';
  const calendar = CALENDAR_DATE.exec(value.trim());
  if (calendar) {
    const date = new Date(Date.UTC(Number(calendar[1]), Number(calendar[2]) - 1, Number(calendar[3])));
    return Number.isNaN(date.getTime()) ? value : formats().calendar.format(date);
  }
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? value : formats().date.format(date);
}

/** A timestamp as '21 Nov 2025, 1:42 pm' in local time; '-' when empty. */
export function formatDateTime(value: string | null | undefined): string {
  if (!value || !value.trim()) return '-';
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? value : formats().dateTime.format(date);
}

/** A number with Indian grouping: 1,23,456. */
export function formatNumber(value: number | null | undefined): string {
  return formats().number.format(value ?? 0);
}

/** A number to `decimals` places with Indian grouping: 1,234.5. */
export function formatDecimal(value: number, decimals = 1): string {
  return groupNumber(value, locale(), decimals);
}

const RELATIVE_STEPS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['second', 60],
  ['minute', 60],
  ['hour', 24],
  ['day', 30],
  ['month', 12],
  ['year', Number.POSITIVE_INFINITY],
];

/**
 * How long ago `timestamp` was ('5 मिनट पहले'), in the current language. In
 * English, and whenever the timestamp cannot be read, the server's `fallback`.
 */
export function formatTimeAgo(timestamp: string | null | undefined, fallback: string, now: Date = new Date()): string {
  if (locale() === 'en-IN' || !timestamp) return fallback;
  const then = new Date(timestamp);
  if (Number.isNaN(then.getTime())) return fallback;
  let amount = (then.getTime() - now.getTime()) / 1000;
  const format = new Intl.RelativeTimeFormat(locale(), { numeric: 'auto' });
  for (const [unit, size] of RELATIVE_STEPS) {
    if (Math.abs(amount) < size) return format.format(Math.round(amount), unit);
    amount /= size;
  }
  return fallback;
}
