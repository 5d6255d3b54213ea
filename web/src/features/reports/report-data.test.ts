import { describe, expect, it } from 'vitest';
import {
  MISSED_CLOCKS_LIST,
  chapterBars,
  chapterTitle,
  clockName,
  complianceBars,
  crimeBars,
  disposalBars,
  exportPath,
  monthLabel,
  monthlyBars,
  pendencyBars,
  periodQuery,
  reportPath,
  satisfactionPath,
  statusCount,
  validatePeriod,
  type ComplianceReport,
  type PendencyReport,
} from './report-data';

const pendency: PendencyReport = {
  from: '2026-01-01',
  to: '2026-11-26',
  statuses: [
    { id: 1, name: 'Pending', meaning: 'open' },
    { id: 3, name: 'Resolved', meaning: 'resolved' },
  ],
  buckets: ['0-7', '8-15', '16-30', '31-60', '60+'],
  rows: [
    { station_id: 7, station_name: 'Kotwali', total: 5, by_status: { '1': 4, '3': 1 }, ageing: [1, 0, 2, 0, 1], pending: 4 },
    { station_id: 8, station_name: 'Sadar', total: 1, by_status: { '3': 1 }, ageing: [0, 0, 0, 0, 0], pending: 0 },
  ],
  totals: { station_id: 0, station_name: 'Total', total: 6, by_status: { '1': 4, '3': 2 }, ageing: [1, 0, 2, 0, 1], pending: 4 },
};

describe('the period', () => {
  it('is checked as the server checks it', () => {
    expect(validatePeriod({ from: '', to: '' })).toEqual({});
    expect(validatePeriod({ from: '2026-02-30', to: 'soon' })).toEqual({ from: 'period.fromInvalid', to: 'period.toInvalid' });
    expect(validatePeriod({ from: '2026-02-01', to: '2026-01-31' })).toEqual({ to: 'period.fromAfterTo' });
    expect(validatePeriod({ from: '2026-01-31', to: '2026-01-31' })).toEqual({});
  });

  it('asks only for the dates given', () => {
    expect(periodQuery({ from: '', to: '' })).toBe('');
    expect(reportPath('monthly', { from: '2026-01-01', to: '' })).toBe('/reports/monthly?from=2026-01-01');
    expect(exportPath('pendency', 'pdf', { from: '2026-01-01', to: '2026-03-31' }, 'hi')).toBe('/reports/pendency/export/pdf?from=2026-01-01&to=2026-03-31&lang=hi');
    expect(exportPath('crime-heads', 'excel', { from: '', to: '' }, 'en')).toBe('/reports/crime-heads/export/excel?lang=en');
    expect(reportPath('chapters', { from: '', to: '2026-03-31' })).toBe('/reports/chapters?to=2026-03-31');
    expect(reportPath('compliance', { from: '2026-01-01', to: '2026-03-31' })).toBe('/reports/compliance?from=2026-01-01&to=2026-03-31');
    expect(exportPath('compliance', 'excel', { from: '2026-01-01', to: '' }, 'hi')).toBe('/reports/compliance/export/excel?from=2026-01-01&lang=hi');
    expect(exportPath('compliance', 'pdf', { from: '', to: '' }, 'en')).toBe('/reports/compliance/export/pdf?lang=en');
    expect(satisfactionPath({ from: '2026-01-01', to: '2026-03-31' })).toBe('/reports/satisfaction?from=2026-01-01&to=2026-03-31');
    expect(satisfactionPath({ from: '', to: '' })).toBe('/reports/satisfaction');
  });
});

describe('the charts', () => {
  it('draw pending by age per station', () => {
    const bars = pendencyBars(pendency);
    expect(bars.labels).toEqual(['Kotwali', 'Sadar']);
    expect(bars.series.map((s) => s.key)).toEqual(['0-7', '8-15', '16-30', '31-60', '60+']);
    expect(bars.series[2]?.values).toEqual([2, 0]);
  });

  it('draw the months, the rates and the heads', () => {
    const monthly = monthlyBars({ from: 'a', to: 'b', months: [{ month: '2026-10', filed: 3, disposed: 1 }, { month: '2026-11', filed: 2, disposed: 4 }] });
    expect(monthly.series).toEqual([{ key: 'filed', values: [3, 2] }, { key: 'disposed', values: [1, 4] }]);
    const disposal = disposalBars({ from: 'a', to: 'b', rows: [{ rank: 1, station_id: 7, station_name: 'Kotwali', total: 4, disposed: 3, disposal_rate: 75, average_days: 2.5 }] });
    expect(disposal).toEqual({ labels: ['Kotwali'], series: [{ key: 'rate', values: [75] }] });
    expect(crimeBars({ from: 'a', to: 'b', total: 3, rows: [{ crime_head: 'Theft', count: 3 }] }).series[0]?.values).toEqual([3]);
  });

  it('read a status column by its item id', () => {
    expect(statusCount(pendency.rows[0]!, 1)).toBe(4);
    expect(statusCount(pendency.rows[1]!, 1)).toBe(0);
  });

  it('name months in the language on screen', () => {
    expect(monthLabel('2026-11', 'en-IN')).toBe('Nov 2026');
    expect(monthLabel('2026-11', 'hi-IN')).toContain('2026');
    expect(monthLabel('bad', 'en-IN')).toBe('bad');
  });
});

describe('the crime heads by chapter', () => {
  const report = {
    from: 'a',
    to: 'b',
    total: 5,
    rows: [
      { head: 'BNS XVII', title: 'Of offences against property', title_hi: 'संपत्ति के विरुद्ध अपराधों के विषय में', count: 4 },
      { head: 'SLL', title: 'Local and special laws', title_hi: 'स्थानीय एवं विशेष विधियां', count: 1 },
    ],
  };

  it('name a chapter by its act and number, and any other head by its title in the language shown', () => {
    expect(chapterBars(report, 'en')).toEqual({ labels: ['BNS XVII', 'Local and special laws'], series: [{ key: 'count', values: [4, 1] }] });
    expect(chapterBars(report, 'hi').labels).toEqual(['BNS XVII', 'स्थानीय एवं विशेष विधियां']);
    expect(chapterTitle(report.rows[0]!, 'hi')).toBe('संपत्ति के विरुद्ध अपराधों के विषय में');
  });
});

describe('the statutory compliance report', () => {
  const figures = (met_on_time: number, met_late: number, missed: number, running: number, compliance: number | null) => ({ met_on_time, met_late, missed, running, compliance });
  const report: ComplianceReport = {
    from: '2026-01-01',
    to: '2026-11-30',
    rows: [
      { station_id: 34, station_name: 'City Kotwali', figures: figures(3, 1, 0, 2, 75) },
      { station_id: 35, station_name: 'Civil Lines', figures: figures(0, 0, 0, 4, null) },
    ],
    totals: figures(3, 1, 0, 6, 75),
    by_rule: [],
    missed: [],
    missed_more: false,
  };

  it('draws the share met on time per station, and no bar where no clock fell due', () => {
    expect(complianceBars(report)).toEqual({ labels: ['City Kotwali', 'Civil Lines'], series: [{ key: 'compliance', values: [75, null] }] });
    expect(complianceBars({ ...report, rows: [] })).toEqual({ labels: [], series: [{ key: 'compliance', values: [] }] });
  });

  it('names a clock in the language on screen, in English where it has no Hindi name', () => {
    expect(clockName('Informant told of progress', 'सूचनाकर्ता को अन्वेषण की प्रगति की सूचना', 'hi')).toBe('सूचनाकर्ता को अन्वेषण की प्रगति की सूचना');
    expect(clockName('Informant told of progress', 'सूचनाकर्ता को अन्वेषण की प्रगति की सूचना', 'en')).toBe('Informant told of progress');
    expect(clockName('bnss-999', ' ', 'hi')).toBe('bnss-999');
  });

  it("links to the grievance list's filter of cases with a clock missed", () => {
    expect(MISSED_CLOCKS_LIST).toBe('/grievances?clock=missed');
  });
});
