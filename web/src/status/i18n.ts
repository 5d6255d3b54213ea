// The page's language and its words, and what to say when a request fails.
import type { Failure } from './api';
import { en, hi, type Key } from './dictionary';

export type Lang = 'en' | 'hi';
export type { Key };

const dictionaries: Record<Lang, Record<Key, string>> = { en, hi };

/**
 * `?lang=en` or `?lang=hi` when the address names one (the SMS links may), else Hindi for a
 * browser set to Hindi, else English.
 */
export function chooseLanguage(search: string, browserLanguage: string | undefined): Lang {
  const asked = new URLSearchParams(search).get('lang')?.toLowerCase();
  if (asked === 'en' || asked === 'hi') return asked;
  return browserLanguage?.toLowerCase().startsWith('hi') ? 'hi' : 'en';
}

/** Whether the page has words for `key`. */
export function isKey(key: string): key is Key {
  return Object.prototype.hasOwnProperty.call(en, key);
}

/** The text of `key`, each `{name}` in it given its value. */
export function t(lang: Lang, key: Key, values: Record<string, string> = {}): string {
  return dictionaries[lang][key].replace(/\{(\w+)\}/g, (whole, name: string) => values[name] ?? whole);
}

/**
 * What to tell the citizen of a failed request, in their language: the words for the error's
 * code, else the server's own English words, else that something went wrong on the server.
 */
export function failureText(lang: Lang, failure: Failure): string {
  if (failure.status === 0) return t(lang, 'network');
  const code = failure.code ?? '';
  const key = `error.${code}`;
  if (code && isKey(key)) return t(lang, key);
  if (code.startsWith('BODY_')) return t(lang, 'error.BODY');
  // A limit before the portal's own (the API gateway's) answers without a code.
  if (failure.status === 429) return t(lang, 'error.CITIZEN_TOO_MANY_REQUESTS');
  // A 5xx answer may come from a proxy, in HTML: it has no words of the portal's own.
  if (failure.serverText && failure.status < 500) return failure.serverText;
  return t(lang, 'error.SERVER_ERROR');
}
