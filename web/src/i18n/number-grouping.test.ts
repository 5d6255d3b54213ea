// Numbers are shown with separators everywhere: in catalogue texts ({{count, number}}),
// in the server's messages, and in the dashboard's averages.
import { averageDays, days } from '../features/dashboard/dashboard-figures';
import { i18n, setLanguage } from './index';
import { formatDecimal } from './format';
import { groupNumber } from './number-grouping';
import { serverBodyText } from './server-error';

describe('numbers with separators', () => {
  it('groups the Indian way in both languages, with Latin digits', () => {
    expect(groupNumber(14256, 'en')).toBe('14,256');
    expect(groupNumber(1234567, 'en')).toBe('12,34,567');
    expect(groupNumber('14256', 'hi')).toBe('14,256');
    expect(groupNumber(999, 'hi')).toBe('999');
    expect(groupNumber(1204.5, 'en', 1)).toBe('1,204.5');
    expect(groupNumber('GRV-1', 'en')).toBe('GRV-1');
  });

  it('writes the counts of the catalogues with separators', async () => {
    expect(i18n.t('users:count', { count: 14256 })).toBe('14,256 users');
    expect(i18n.t('roles:count', { count: 1 })).toBe('1 role');
    expect(i18n.t('admin:items.count', { count: 1500 })).toBe('1,500 items');
    expect(i18n.t('casework:pendency.days', { count: 1200 })).toBe('1,200 days');
    expect(i18n.t('grievances:assign.showing', { shown: 1000, count: 2500 })).toBe('Showing 1,000 of 2,500: type to narrow');
    await setLanguage('hi');
    expect(i18n.t('users:count', { count: 14256 })).toBe('14,256 उपयोगकर्ता');
  });

  it('groups the dashboard figures: days and averages', async () => {
    expect(days(1412)).toBe('1,412 days');
    expect(averageDays(1204.46)).toBe('1,204.5 days');
    expect(averageDays(0)).toBe('0.0 days');
    expect(formatDecimal(4.25)).toBe('4.3');
  });

  it("groups a count in the server's message, in English as in Hindi", async () => {
    const inUse = {
      error: "'Pending' is used by 14256 grievances; its meaning cannot change. Add a new status instead.",
      code: 'STATUS_MEANING_IN_USE',
      params: { name: 'Pending', count: '14256', plural: 's' },
    };
    expect(serverBodyText(inUse)).toBe("'Pending' is used by 14,256 grievances; its meaning cannot change. Add a new status instead.");
    // A small count: the server's own text, as sent.
    expect(serverBodyText({ ...inUse, error: 'as sent', params: { name: 'Pending', count: '3', plural: 's' } })).toBe('as sent');
    await setLanguage('hi');
    expect(serverBodyText(inUse)).toBe("'Pending' का उपयोग 14,256 शिकायतों में हो रहा है; इसका अर्थ नहीं बदला जा सकता। इसके बजाय नई स्थिति जोड़ें।");
  });
});
