import { dash, formatCount, formatDate, formatDateTime, todayIso, yesNo } from './format';

describe('display formats', () => {
  it("shows calendar dates as 'day short-month year' (en-IN)", () => {
    expect(formatDate('2025-01-10')).toBe('10 Jan 2025');
    expect(formatDate('2024-12-31')).toBe('31 Dec 2024');
  });

  it("shows '-' for an empty date and the text itself when it is not a date", () => {
    expect(formatDate(null)).toBe('-');
    expect(formatDate('')).toBe('-');
    expect(formatDate('soon')).toBe('soon');
    expect(formatDateTime(undefined)).toBe('-');
  });

  it('shows timestamps with the date first', () => {
    expect(formatDateTime('2025-03-05T10:30:00')).toMatch(/^5 Mar 2025, 10:30\sam$/);
    expect(formatDate('2025-03-05T10:30:00')).toBe('5 Mar 2025');
  });

  it('groups counts the Indian way', () => {
    expect(formatCount(1234567)).toBe('12,34,567');
    expect(formatCount(999)).toBe('999');
    expect(formatCount(undefined)).toBe('0');
  });

  it("dashes blanks and says Yes/No", () => {
    expect(dash('  ')).toBe('-');
    expect(dash(null)).toBe('-');
    expect(dash('Rao')).toBe('Rao');
    expect(yesNo(true)).toBe('Yes');
    expect(yesNo(false)).toBe('No');
  });

  it('gives today in local time as YYYY-MM-DD', () => {
    expect(todayIso(new Date(2025, 0, 5, 23, 59))).toBe('2025-01-05');
  });
});
