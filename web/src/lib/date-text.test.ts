import { dateOutOfRange, formatDateText, latinDigits, parseDateText } from './date-text';

describe('dates typed as dd/mm/yyyy', () => {
  it('reads day first with slashes, dashes or dots, with or without leading zeros', () => {
    expect(parseDateText('15/01/2026')).toBe('2026-01-15');
    expect(parseDateText('5/1/2026')).toBe('2026-01-05');
    expect(parseDateText('05-01-2026')).toBe('2026-01-05');
    expect(parseDateText('05.01.2026')).toBe('2026-01-05');
    expect(parseDateText(' 05 / 01 / 2026 ')).toBe('2026-01-05');
  });

  it('reads the ISO form that links and older habits use', () => {
    expect(parseDateText('2026-01-15')).toBe('2026-01-15');
  });

  it('reads Devanagari digits', () => {
    expect(latinDigits('१५/०१/२०२६')).toBe('15/01/2026');
    expect(parseDateText('१५/०१/२०२६')).toBe('2026-01-15');
    expect(parseDateText('५.१.२०२६')).toBe('2026-01-05');
  });

  it('is blank for blank text', () => {
    expect(parseDateText('')).toBe('');
    expect(parseDateText('   ')).toBe('');
  });

  it('refuses days that do not exist', () => {
    expect(parseDateText('31/02/2026')).toBeNull();
    expect(parseDateText('29/02/2026')).toBeNull();
    expect(parseDateText('31/04/2026')).toBeNull();
    expect(parseDateText('00/01/2026')).toBeNull();
    expect(parseDateText('10/13/2026')).toBeNull();
    expect(parseDateText('2026-02-30')).toBeNull();
    expect(parseDateText('01/01/0000')).toBeNull();
  });

  it('knows leap years', () => {
    expect(parseDateText('29/02/2024')).toBe('2024-02-29');
    expect(parseDateText('29/02/2000')).toBe('2000-02-29');
    expect(parseDateText('29/02/1900')).toBeNull();
  });

  it('refuses what is not a whole date: half typed, mixed separators, two-digit years, words', () => {
    expect(parseDateText('15/01/202')).toBeNull();
    expect(parseDateText('15/01/26')).toBeNull();
    expect(parseDateText('15/01-2026')).toBeNull();
    expect(parseDateText('2026-1-5')).toBeNull();
    expect(parseDateText('15 Jan 2026')).toBeNull();
    expect(parseDateText('tomorrow')).toBeNull();
  });

  it('writes ISO dates as dd/mm/yyyy, blank as blank', () => {
    expect(formatDateText('2026-01-15')).toBe('15/01/2026');
    expect(formatDateText('')).toBe('');
    expect(formatDateText('soon')).toBe('soon');
  });

  it('says which bound a date falls outside of', () => {
    expect(dateOutOfRange('2026-01-15', '2026-01-01', '2026-01-31')).toBeNull();
    expect(dateOutOfRange('2026-01-01', '2026-01-01', '2026-01-31')).toBeNull();
    expect(dateOutOfRange('2025-12-31', '2026-01-01')).toBe('min');
    expect(dateOutOfRange('2026-02-01', undefined, '2026-01-31')).toBe('max');
    expect(dateOutOfRange('', '2026-01-01', '2026-01-31')).toBeNull();
  });
});
