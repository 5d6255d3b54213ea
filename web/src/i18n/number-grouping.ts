// Numbers grouped the way the language on screen writes them: en-IN and hi-IN,
// both with Latin digits (1,23,456), as Indian government portals show them.
// Used by format.ts and by the catalogues' {{count, number}} (registered in index.ts).
const cache = new Map<string, Intl.NumberFormat>();

/** 'hi-IN' for Hindi, else 'en-IN'. */
export function numberLocale(language: string | undefined): string {
  return language === 'hi' || language?.startsWith('hi-') ? 'hi-IN' : 'en-IN';
}

/**
 * `value` with separators in `language`, with exactly `decimals` digits after the
 * point when given (an average: '1,234.5'); what is not a number, as it is.
 */
export function groupNumber(value: unknown, language: string | undefined, decimals?: number): string {
  const number = typeof value === 'number' ? value : typeof value === 'string' && /^-?\d+(\.\d+)?$/.test(value.trim()) ? Number(value) : NaN;
  if (!Number.isFinite(number)) return String(value ?? '');
  const tag = numberLocale(language);
  const name = `${tag}/${decimals ?? ''}`;
  let format = cache.get(name);
  if (!format) {
    const digits = decimals === undefined ? {} : { minimumFractionDigits: decimals, maximumFractionDigits: decimals };
    format = new Intl.NumberFormat(tag, { numberingSystem: 'latn', ...digits });
    cache.set(name, format);
  }
  return format.format(number);
}
