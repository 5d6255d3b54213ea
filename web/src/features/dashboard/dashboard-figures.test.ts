import { averageDays, caseTotals, days, dotColour, overdueStations, percentOf, recentActivities, statusBars, topStation } from './dashboard-figures';

const stats = {
  byStatus: [
    { status: 'Pending', meaning: 'open' as const, count: 3 },
    { status: 'In Progress', meaning: 'in_progress' as const, count: 2 },
    { status: 'Resolved', meaning: 'resolved' as const, count: 1 },
    { status: 'Closed', meaning: 'closed' as const, count: 0 },
  ],
  byPriority: [
    { priority: 'Low', count: 1 },
    { priority: 'Medium', count: 2 },
    { priority: 'High', count: 2 },
    { priority: 'Critical', count: 1 },
  ],
};

describe('dashboard figures', () => {
  it('totals the cases by status and priority', () => {
    expect(caseTotals(stats)).toEqual({
      total: 6,
      pending: 3,
      inProgress: 2,
      resolved: 1,
      closed: 0,
      high: 2,
      critical: 1,
      resolutionRate: 17,
    });
  });

  it('counts statuses by their meaning, so a renamed one keeps its tile and the rate', () => {
    const renamed = {
      byStatus: [
        { status: 'Registered', meaning: 'open' as const, count: 2 },
        { status: 'Disposed', meaning: 'resolved' as const, count: 1 },
        { status: 'Withdrawn', meaning: 'closed' as const, count: 1 },
      ],
      byPriority: [],
    };
    expect(caseTotals(renamed)).toMatchObject({ total: 4, pending: 2, resolved: 1, closed: 1, resolutionRate: 50 });
  });

  it('rounds the resolution rate and gives 0 with no cases', () => {
    expect(caseTotals({ byStatus: [{ status: 'Resolved', meaning: 'resolved' as const, count: 1 }, { status: 'Closed', meaning: 'closed' as const, count: 1 }, { status: 'Pending', meaning: 'open' as const, count: 1 }], byPriority: [] }).resolutionRate).toBe(67);
    expect(caseTotals({ byStatus: [], byPriority: [] }).resolutionRate).toBe(0);
  });

  it('shows status percentages to one decimal', () => {
    expect(statusBars(stats).map((bar) => [bar.status, bar.count, bar.percent])).toEqual([
      ['Pending', 3, '50.0%'],
      ['In Progress', 2, '33.3%'],
      ['Resolved', 1, '16.7%'],
      ['Closed', 0, '0.0%'],
    ]);
    expect(percentOf(0, 0)).toBe('0.0%');
  });

  it('keeps green, blue and orange dots and makes anything else purple', () => {
    expect(['green', 'blue', 'orange', 'purple', 'red', ''].map(dotColour)).toEqual([
      'green',
      'blue',
      'orange',
      'purple',
      'purple',
      'purple',
    ]);
  });

  it('shows the first 4 activities', () => {
    const items = Array.from({ length: 6 }, (_, i) => ({ description: `#${i}`, code: '', params: {}, timeAgo: '', color: 'green', action: '', createdAt: '' }));
    expect(recentActivities(items).map((line) => line.activity.description)).toEqual(['#0', '#1', '#2', '#3']);
    expect(recentActivities(undefined)).toEqual([]);
  });

  it('picks the top station by resolution rate, then by cases', () => {
    expect(
      topStation([
        { station_name: 'A', resolution_rate: 50, total_cases: 2, overdue_cases: 0 },
        { station_name: 'B', resolution_rate: 50, total_cases: 4, overdue_cases: 0 },
        { station_name: 'C', resolution_rate: 20, total_cases: 9, overdue_cases: 0 },
      ])?.station_name,
    ).toBe('B');
    expect(topStation([])).toBeNull();
    expect(topStation([{ station_name: 'A', resolution_rate: 0, total_cases: 5, overdue_cases: 0 }])).toBeNull();
  });

  it('lists only the stations with overdue grievances, most first', () => {
    expect(
      overdueStations([
        { station_name: 'Civil Lines', resolution_rate: 50, total_cases: 2, overdue_cases: 1 },
        { station_name: 'City Kotwali', resolution_rate: 50, total_cases: 4, overdue_cases: 0 },
        { station_name: 'Andheri', resolution_rate: 20, total_cases: 9, overdue_cases: 3 },
        { station_name: 'Bandra', resolution_rate: 20, total_cases: 9, overdue_cases: 1 },
      ]).map((station) => `${station.station_name} ${station.overdue_cases}`),
    ).toEqual(['Andheri 3', 'Bandra 1', 'Civil Lines 1']);
    expect(overdueStations([])).toEqual([]);
  });

  it('says days', () => {
    expect(days(1)).toBe('1 day');
    expect(days(3.46)).toBe('3.5 days');
    expect(days(0)).toBe('0 days');
    expect(averageDays(0)).toBe('0.0 days');
    expect(averageDays(4.25)).toBe('4.3 days');
  });
});
