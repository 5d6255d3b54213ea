// A calendar date as people in India write it (dd/mm/yyyy), read from and written to the
// ISO form (yyyy-mm-dd) the screens and the API keep. Pure: DateField is built on it.

const ISO = /^(\d{4})-(\d{2})-(\d{2})$/;
// Day first, one separator used twice: 5/1/2025, 05-01-2025, 05.01.2025. The year takes four
// digits, so that a date half typed ('05/01/202') is never read as another one.
const DAY_FIRST = /^(\d{1,2})\s*([/.-])\s*(\d{1,2})\s*\2\s*(\d{4})$/;
// Devanagari digits, as a Hindi keyboard types them: ० is U+0966.
const DEVANAGARI_DIGITS = /[\u0966-\u096F]/g;

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** `text` with its Devanagari digits (०-९) as 0-9. */
export function latinDigits(text: string): string {
  return text.replace(DEVANAGARI_DIGITS, (digit) => String(digit.charCodeAt(0) - 0x0966));
}

function daysInMonth(year: number, month: number): number {
  if (month === 2) return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0 ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

/** yyyy-mm-dd for a day that exists, else null (31/02 and month 13 do not). */
function isoOf(year: number, month: number, day: number): string | null {
  if (year < 1 || month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return null;
  return `${pad(year, 4)}-${pad(month)}-${pad(day)}`;
}

/**
 * The date `text` names, as yyyy-mm-dd: '' when it is blank, null when it is no date.
 * Reads dd/mm/yyyy, d/m/yyyy, dd-mm-yyyy, dd.mm.yyyy and yyyy-mm-dd, in Latin or
 * Devanagari digits.
 */
export function parseDateText(text: string): string | null {
  const typed = latinDigits(text).trim();
  if (!typed) return '';
  const iso = ISO.exec(typed);
  if (iso) return isoOf(Number(iso[1]), Number(iso[2]), Number(iso[3]));
  const dayFirst = DAY_FIRST.exec(typed);
  if (dayFirst) return isoOf(Number(dayFirst[4]), Number(dayFirst[3]), Number(dayFirst[1]));
  return null;
}

/** yyyy-mm-dd as dd/mm/yyyy; '' for ''; any other text as it is. */
export function formatDateText(iso: string): string {
  const match = ISO.exec(iso);
  return match ? `${match[3]}/${match[2]}/${match[1]}` : iso;
}

/** Which bound a yyyy-mm-dd date falls outside of, if any ('' bounds are none). */
export function dateOutOfRange(iso: string, min?: string, max?: string): 'min' | 'max' | null {
  // ISO dates compare as text.
  if (!iso) return null;
  if (min && iso < min) return 'min';
  if (max && iso > max) return 'max';
  return null;
}
