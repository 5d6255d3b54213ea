// Dates, the next statutory date in words, and what citizens type, as the page reads it.
// Month names are the page's own rather than Intl's: an older phone's browser may lack Hindi.
import type { NextDue } from './api';
import { t, type Lang } from './i18n';

const MONTHS: Record<Lang, string[]> = {
  en: ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'],
  hi: ['जनवरी', 'फ़रवरी', 'मार्च', 'अप्रैल', 'मई', 'जून', 'जुलाई', 'अगस्त', 'सितंबर', 'अक्टूबर', 'नवंबर', 'दिसंबर'],
};

/** `YYYY-MM-DD` as "28 February 2027" ("28 फ़रवरी 2027"); any other text as it is. */
export function formatDay(iso: string, lang: Lang): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  const month = match ? MONTHS[lang][Number(match[2]) - 1] : undefined;
  return match && month ? `${Number(match[3])} ${month} ${match[1]}` : iso;
}

/**
 * The day an RFC 3339 moment falls on in India, where the cases are and the portal counts its
 * days, whatever the phone's own time zone; the text as it is when it is no moment.
 */
export function formatMoment(rfc3339: string, lang: Lang): string {
  const ms = Date.parse(rfc3339);
  if (Number.isNaN(ms)) return rfc3339;
  return formatDay(new Date(ms + 330 * 60_000).toISOString().slice(0, 10), lang);
}

/** The law a duty comes from: its source up to the ':' that starts the law's words. */
export function sectionOf(source: string): string {
  const colon = source.indexOf(':');
  return (colon >= 0 ? source.slice(0, colon) : source).trim();
}

/** "By 28 February 2027 the police must: Informant told of progress (BNSS s.193(3)(ii))". */
export function nextDueText(due: NextDue, lang: Lang): string {
  const duty = lang === 'hi' && due.dutyHi.trim() ? due.dutyHi : due.duty;
  const section = sectionOf(due.source);
  return t(lang, 'case.nextDueText', { date: formatDay(due.date, lang), duty: section ? `${duty} (${section})` : duty });
}

/** `text` with Devanagari digits (०-९), as a Hindi keyboard types them, as 0-9. */
export function latinDigits(text: string): string {
  return text.replace(/[\u0966-\u096F]/g, (digit) => String(digit.charCodeAt(0) - 0x0966));
}

/** Whether the portal can text `mobile`: its last ten digits, an Indian mobile's. */
export function isMobileNumber(mobile: string): boolean {
  const digits = latinDigits(mobile).replace(/\D/g, '');
  return digits.length >= 10 && /^[6-9]/.test(digits.slice(-10));
}

/** Milliseconds as m:ss, never below 0:00. */
export function minutesAndSeconds(ms: number): string {
  const seconds = Math.max(0, Math.ceil(ms / 1000));
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}
