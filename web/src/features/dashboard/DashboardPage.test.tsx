import { act, screen, within } from '@testing-library/react';
import { setLanguage } from '../../i18n';
import { mockApi } from '../../test/api-mock';
import { entry, jsonResponse, makeUser } from '../../test/fixtures';
import { renderPage } from '../../test/render-page';
import DashboardPage from './DashboardPage';

const stats = {
  byStatus: [
    { status: 'Pending', meaning: 'open' as const, count: 3 },
    { status: 'In Progress', meaning: 'in_progress' as const, count: 2 },
    { status: 'Resolved', meaning: 'resolved' as const, count: 1 },
    { status: 'Closed', meaning: 'closed' as const, count: 2 },
  ],
  byPriority: [
    { priority: 'Low', count: 1 },
    { priority: 'Medium', count: 2 },
    { priority: 'High', count: 4 },
    { priority: 'Critical', count: 1 },
  ],
};
const status = (id: number, name: string, meaning: string, name_hi?: string) => ({
  id,
  name,
  name_hi,
  meaning,
  description: '',
  display_order: id,
  is_active: true,
  created_at: '2025-01-01T00:00:00Z',
  updated_at: '2025-01-01T00:00:00Z',
});
const statuses = [
  status(1, 'Pending', 'open', 'लंबित'),
  status(2, 'In Progress', 'in_progress', 'प्रगति पर'),
  status(3, 'Resolved', 'resolved', 'निस्तारित'),
  status(4, 'Closed', 'closed', 'बंद'),
];
const metrics = {
  totalLoggedUsers: 1250,
  longestActiveUser: { name: 'Asha Verma', days_active: 412 },
  overallResolutionRate: 38,
  averageResolutionDays: 4.25,
  overdueCases: 3,
  policeStationPerformance: [
    { station_name: 'Civil Lines', resolution_rate: 25, total_cases: 4, overdue_cases: 3 },
    { station_name: 'City Kotwali', resolution_rate: 60, total_cases: 5, overdue_cases: 0 },
  ],
};
const activity = (description: string, color: string) => ({
  description,
  timeAgo: '5 minutes ago',
  color,
  action: 'CREATED',
  createdAt: '2025-01-01T00:00:00Z',
});

const clerk = makeUser({ name: 'Ravi Kumar', role_name: 'Clerk', permissions: [entry('grievances', { can_read: true })] });
const admin = makeUser({ name: 'E2E Admin', role_name: 'Admin', permissions: [] });

function api(extra: Parameters<typeof mockApi>[0] = {}) {
  return mockApi({
    'GET /api/grievances/stats': () => jsonResponse(200, stats),
    'GET /api/admin/dropdowns/statuses': () => jsonResponse(200, statuses),
    'GET /api/admin/performance-metrics': () => jsonResponse(200, metrics),
    'GET /api/admin/recent-activities': () =>
      jsonResponse(200, [
        activity('Filed GRV-1', 'green'),
        activity('Updated GRV-1', 'blue'),
        activity('Moved GRV-2', 'orange'),
        activity('Deleted GRV-3', 'red'),
        activity('Fifth item', 'green'),
      ]),
    ...extra,
  });
}

const tile = (label: string) => screen.getByText(label, { selector: '.tile-label' }).closest<HTMLElement>('.stat-tile')!;

describe('dashboard', () => {
  it("shows 'Loading dashboard...' first, then the welcome line", async () => {
    api();
    renderPage(<DashboardPage />, clerk);
    expect(screen.getByRole('status')).toHaveTextContent('Loading dashboard...');
    expect(screen.getByText('Welcome back, Ravi Kumar!')).toBeInTheDocument();
    await screen.findByText('Total Cases');
  });

  it('shows the six case tiles, each opening the list with its filter', async () => {
    api();
    renderPage(<DashboardPage />, clerk);
    await screen.findByText('Total Cases');
    const expected: [string, string, string][] = [
      ['Total Cases', '8', '/grievances'],
      ['Pending', '3', '/grievances?status=Pending'],
      ['In Progress', '2', '/grievances?status=In+Progress'],
      ['Resolved', '1', '/grievances?status=Resolved'],
      ['High Priority', '4', '/grievances?priority=High'],
      ['Closed', '2', '/grievances?status=Closed'],
      ['Critical Cases', '1', '/grievances?priority=Critical'],
    ];
    for (const [label, value, href] of expected) {
      expect(tile(label)).toHaveTextContent(`${value} ${label}`);
      expect(tile(label)).toHaveAttribute('href', href);
    }
  });

  it('names a status tile by its status: renamed, in Hindi, and generic when two statuses share its meaning', async () => {
    const renamed = [status(1, 'Pending', 'open'), status(2, 'Under Investigation', 'in_progress', 'विवेचनाधीन'), status(3, 'Disposed', 'resolved'), status(4, 'Filed', 'resolved'), status(5, 'Closed', 'closed')];
    api({ 'GET /api/admin/dropdowns/statuses': () => jsonResponse(200, renamed) });
    renderPage(<DashboardPage />, clerk);
    expect(await screen.findByText('Under Investigation', { selector: '.tile-label' })).toBeInTheDocument();
    expect(tile('Under Investigation')).toHaveAttribute('href', '/grievances?status=Under+Investigation');
    // Two statuses mean resolved: the tile counts both, says what they mean, and opens no list.
    expect(tile('Resolved')).not.toHaveAttribute('href');
    await act(() => setLanguage('hi'));
    try {
      expect(await screen.findByText('विवेचनाधीन', { selector: '.tile-label' })).toBeInTheDocument();
      // No Hindi name kept: the English one.
      expect(tile('Pending')).toHaveAttribute('href', '/grievances?status=Pending');
    } finally {
      await act(() => setLanguage('en'));
    }
  });

  it('shows the real average resolution and the rounded resolution rate', async () => {
    api();
    renderPage(<DashboardPage />, clerk);
    await screen.findByText('Total Cases');
    expect(await within(tile('Average Resolution (days)')).findByText('4.3')).toBeInTheDocument();
    // (1 resolved + 2 closed) / 8 = 37.5% -> 38%
    expect(tile('Resolution Rate')).toHaveTextContent('38%');
  });

  it("shows 'Cases by Status' with counts and percentages to one decimal", async () => {
    api();
    renderPage(<DashboardPage />, clerk);
    const panel = (await screen.findByRole('heading', { name: 'Cases by Status' })).closest('section')!;
    const rows = within(panel).getAllByRole('listitem').map((item) => item.textContent);
    expect(rows).toEqual(['Pending3 (37.5%)', 'In Progress2 (25.0%)', 'Resolved1 (12.5%)', 'Closed2 (25.0%)']);
  });

  it("shows the first 4 recent activities with coloured dots", async () => {
    api();
    renderPage(<DashboardPage />, clerk);
    const panel = (await screen.findByRole('heading', { name: 'Recent Activity' })).closest('section')!;
    await within(panel).findByText('Filed GRV-1');
    const items = within(panel).getAllByRole('listitem');
    expect(items).toHaveLength(4);
    expect(within(panel).queryByText('Fifth item')).not.toBeInTheDocument();
    expect(items.map((item) => item.querySelector('.activity-dot')?.className)).toEqual([
      'activity-dot dot-green',
      'activity-dot dot-blue',
      'activity-dot dot-orange',
      'activity-dot dot-purple',
    ]);
    expect(items[0]).toHaveTextContent('5 minutes ago');
  });

  it('shows an activity in the language on screen from its code and values', async () => {
    const filed = { ...activity('Asha filed grievance GRV-9', 'green'), code: 'ACTIVITY_CREATED', params: { who: 'Asha', number: 'GRV-9' } };
    api({ 'GET /api/admin/recent-activities': () => jsonResponse(200, [filed]) });
    renderPage(<DashboardPage />, clerk);
    expect(await screen.findByText('Asha filed grievance GRV-9')).toBeInTheDocument();
    await act(() => setLanguage('hi'));
    try {
      expect(await screen.findByText('Asha ने शिकायत GRV-9 दर्ज की')).toBeInTheDocument();
    } finally {
      await act(() => setLanguage('en'));
    }
  });

  it('tells of a transfer between police stations in English and Hindi', async () => {
    const moved = {
      ...activity('Asha transferred GRV-9 from Sadar Bazar to Kotwali', 'blue'),
      code: 'ACTIVITY_TRANSFERRED',
      params: { who: 'Asha', number: 'GRV-9', old: 'Sadar Bazar', new: 'Kotwali' },
    };
    api({ 'GET /api/admin/recent-activities': () => jsonResponse(200, [moved]) });
    renderPage(<DashboardPage />, clerk);
    expect(await screen.findByText('Asha transferred GRV-9 from Sadar Bazar to Kotwali')).toBeInTheDocument();
    await act(() => setLanguage('hi'));
    try {
      expect(await screen.findByText('Asha ने GRV-9 को Sadar Bazar से Kotwali स्थानांतरित किया')).toBeInTheDocument();
    } finally {
      await act(() => setLanguage('en'));
    }
  });

  it('tells of a reveal of protected identities in English and Hindi, naming the case and never the identity', async () => {
    const revealed = {
      ...activity('Asha revealed the identities in GRV-9', 'purple'),
      code: 'ACTIVITY_IDENTITY_REVEALED',
      params: { who: 'Asha', number: 'GRV-9' },
    };
    api({ 'GET /api/admin/recent-activities': () => jsonResponse(200, [revealed]) });
    renderPage(<DashboardPage />, clerk);
    expect(await screen.findByText('Asha revealed the identities in GRV-9')).toBeInTheDocument();
    await act(() => setLanguage('hi'));
    try {
      expect(await screen.findByText('Asha ने GRV-9 में पहचान प्रकट की')).toBeInTheDocument();
    } finally {
      await act(() => setLanguage('en'));
    }
  });

  it("tells of the complainant's side in English and Hindi: progress, an SMS, a rating and an appeal's decision", async () => {
    const line = (action: string, params: Record<string, string>, description: string) => ({
      ...activity(description, 'purple'),
      action,
      code: `ACTIVITY_${action}`,
      params,
    });
    const lines = [
      line('PROGRESS_RECORDED', { who: 'SI Meena', number: 'GRV-9' }, 'SI Meena recorded progress for the complainant of GRV-9'),
      line('SMS_SENT', { number: 'GRV-9', new: '******678' }, 'An SMS was sent to the complainant of GRV-9 (******678)'),
      line('FEEDBACK_RECEIVED', { number: 'GRV-9', new: 'Not satisfied' }, 'The complainant rated the disposal of GRV-9: Not satisfied'),
      line('APPEAL_DECIDED', { who: 'SP Sharma', number: 'GRV-9', new: 'Reopened on appeal' }, 'SP Sharma decided the appeal on GRV-9: Reopened on appeal'),
    ];
    api({ 'GET /api/admin/recent-activities': () => jsonResponse(200, lines) });
    renderPage(<DashboardPage />, clerk);
    for (const { description } of lines) expect(await screen.findByText(description)).toBeInTheDocument();
    await act(() => setLanguage('hi'));
    try {
      for (const text of [
        'SI Meena ने GRV-9 के शिकायतकर्ता के लिए प्रगति दर्ज की',
        'GRV-9 के शिकायतकर्ता को एसएमएस भेजा गया (******678)',
        'शिकायतकर्ता ने GRV-9 के निस्तारण को रेटिंग दी: संतुष्ट नहीं',
        'SP Sharma ने GRV-9 की अपील पर निर्णय लिया: अपील पर फिर से खोला गया',
      ]) {
        expect(await screen.findByText(text)).toBeInTheDocument();
      }
    } finally {
      await act(() => setLanguage('en'));
    }
  });

  it('words the other new lines from their codes: a failed SMS, a view on the status page, the settings, an appeal moved up', async () => {
    const line = (action: string, params: Record<string, string>) => ({ ...activity('English as sent', 'purple'), action, code: `ACTIVITY_${action}`, params });
    api({
      'GET /api/admin/recent-activities': () =>
        jsonResponse(200, [
          line('SMS_FAILED', { number: 'GRV-9', new: '******678' }),
          line('CITIZEN_VIEWED', { number: 'GRV-9' }),
          line('CITIZEN_SETTINGS_CHANGED', { who: 'E2E Admin', subject: 'Reopen window and appeal limit' }),
          line('APPEAL_ESCALATED', { number: 'GRV-9', new: 'range' }),
        ]),
    });
    renderPage(<DashboardPage />, clerk);
    expect(await screen.findByText('An SMS to the complainant of GRV-9 could not be sent (******678)')).toBeInTheDocument();
    expect(screen.getByText('The complainant viewed GRV-9 on the status page')).toBeInTheDocument();
    expect(screen.getByText('E2E Admin changed the messages to complainants (Reopen window and appeal limit)')).toBeInTheDocument();
    expect(screen.getByText('The appeal on GRV-9 went to the range level')).toBeInTheDocument();
    await act(() => setLanguage('hi'));
    try {
      expect(await screen.findByText('GRV-9 की अपील रेंज स्तर को भेजी गई')).toBeInTheDocument();
    } finally {
      await act(() => setLanguage('en'));
    }
  });

  it('names the stations and statuses of an activity by their Hindi names on a Hindi screen', async () => {
    const station = (id: number, name: string, name_hi: string) => ({ ...status(id, name, 'open', name_hi), meaning: undefined });
    const moved = {
      ...activity('Asha transferred GRV-9 from Sadar Bazar to Kotwali', 'blue'),
      code: 'ACTIVITY_TRANSFERRED',
      params: { who: 'Asha', number: 'GRV-9', old: 'Sadar Bazar', new: 'Kotwali' },
    };
    const changed = { ...activity('Asha moved GRV-8 from Pending to In Progress', 'blue'), code: 'ACTIVITY_STATUS_CHANGED', params: { who: 'Asha', number: 'GRV-8', old: 'Pending', new: 'In Progress' } };
    api({
      'GET /api/admin/recent-activities': () => jsonResponse(200, [moved, changed]),
      'GET /api/admin/dropdowns/police_stations': () => jsonResponse(200, [station(11, 'Sadar Bazar', 'सदर बाज़ार'), station(12, 'Kotwali', 'कोतवाली')]),
    });
    renderPage(<DashboardPage />, clerk);
    expect(await screen.findByText('Asha transferred GRV-9 from Sadar Bazar to Kotwali')).toBeInTheDocument();
    await act(() => setLanguage('hi'));
    try {
      expect(await screen.findByText('Asha ने GRV-9 को सदर बाज़ार से कोतवाली स्थानांतरित किया')).toBeInTheDocument();
      expect(await screen.findByText(/GRV-8.*लंबित.*प्रगति पर/)).toBeInTheDocument();
    } finally {
      await act(() => setLanguage('en'));
    }
  });

  it('tells of an export in Hindi on a Hindi screen, from its parts rather than its English notes', async () => {
    const notes = '1250 grievances to Excel (filters: Status: Pending)';
    const exported = {
      ...activity(`Asha exported ${notes}`, 'purple'),
      action: 'EXPORTED',
      code: 'ACTIVITY_EXPORTED',
      params: { who: 'Asha', what: notes, rows: '1250', kind: 'excel', 'filter:Status': 'Pending' },
    };
    api({ 'GET /api/admin/recent-activities': () => jsonResponse(200, [exported]) });
    renderPage(<DashboardPage />, clerk);
    expect(await screen.findByText('Asha exported 1,250 grievances to Excel (filters: Status: Pending)')).toBeInTheDocument();
    await act(() => setLanguage('hi'));
    try {
      expect(await screen.findByText('Asha ने 1,250 शिकायतें Excel में निर्यात कीं (फ़िल्टर: स्थिति: Pending)')).toBeInTheDocument();
    } finally {
      await act(() => setLanguage('en'));
    }
  });

  it("says 'No recent activities' when there are none", async () => {
    api({ 'GET /api/admin/recent-activities': () => jsonResponse(200, []) });
    renderPage(<DashboardPage />, clerk);
    expect(await screen.findByText('No recent activities')).toBeInTheDocument();
  });

  it("shows the performance metrics, after 'Loading metrics...'", async () => {
    let answer: (value: Response) => void = () => undefined;
    const later = new Promise<Response>((resolve) => {
      answer = resolve;
    });
    api({ 'GET /api/admin/performance-metrics': () => later });
    renderPage(<DashboardPage />, clerk);
    expect(await screen.findByText('Loading metrics...')).toBeInTheDocument();
    answer(jsonResponse(200, metrics));
    const panel = (await screen.findByText('Total Active Users')).closest('dl')!;
    expect(panel).toHaveTextContent('Total Active Users1,250');
    expect(panel).toHaveTextContent('Longest Active UserAsha Verma (412 days)');
    expect(panel).toHaveTextContent('Resolution Rate38%');
    expect(panel).toHaveTextContent('Average Resolution Time4.3 days');
    expect(panel).toHaveTextContent('Top Performing StationCity Kotwali60% resolved · 5 cases');
  });

  it('says N/A without a longest active user or a station', async () => {
    api({
      'GET /api/admin/performance-metrics': () =>
        jsonResponse(200, { ...metrics, longestActiveUser: null, policeStationPerformance: [] }),
    });
    renderPage(<DashboardPage />, clerk);
    const panel = (await screen.findByText('Total Active Users')).closest('dl')!;
    expect(panel).toHaveTextContent('Longest Active UserN/A');
    expect(panel).toHaveTextContent('Top Performing StationN/A');
  });

  it("says N/A for the state's staff figures, which the server withholds from one who does not see the whole state", async () => {
    api({
      'GET /api/admin/performance-metrics': () =>
        jsonResponse(200, { ...metrics, totalLoggedUsers: null, longestActiveUser: null }),
    });
    renderPage(<DashboardPage />, clerk);
    const panel = (await screen.findByText('Total Active Users')).closest('dl')!;
    expect(panel).toHaveTextContent('Total Active UsersN/A');
    expect(panel).toHaveTextContent('Longest Active UserN/A');
    expect(panel).toHaveTextContent('Resolution Rate38%');
  });

  it('offers only the quick actions the user may take', async () => {
    api();
    renderPage(<DashboardPage />, clerk);
    const panel = (await screen.findByRole('heading', { name: 'Quick Actions' })).closest('section')!;
    expect(within(panel).getAllByRole('link').map((link) => link.textContent)).toEqual(['View All', 'Profile']);
  });

  it('offers every quick action to the Admin role', async () => {
    api();
    renderPage(<DashboardPage />, admin);
    const panel = (await screen.findByRole('heading', { name: 'Quick Actions' })).closest('section')!;
    const links = within(panel).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['New Case', '/grievances/new'],
      ['View All', '/grievances'],
      ['Users', '/users'],
      ['Roles', '/roles'],
      ['Settings', '/admin'],
      ['Profile', '/profile'],
    ]);
  });

  it('does not ask for case figures a user may not read', async () => {
    const fetch = api();
    const viewer = makeUser({ name: 'Uma Users', role_name: 'User Viewer', permissions: [entry('users', { can_read: true })] });
    renderPage(<DashboardPage />, viewer);
    expect(await screen.findByText('Case statistics are shown to staff who may read grievances.')).toBeInTheDocument();
    expect(screen.getByText('Welcome back, Uma Users!')).toBeInTheDocument();
    expect(await screen.findByText('Total Active Users')).toBeInTheDocument();
    const panel = screen.getByRole('heading', { name: 'Quick Actions' }).closest('section')!;
    expect(within(panel).getAllByRole('link').map((link) => link.textContent)).toEqual(['Users', 'Profile']);
    expect(fetch.mock.calls.map(([url]) => url)).not.toContain('/api/grievances/stats');
  });

  it('says why a posting without police stations counts nothing, in English and Hindi', async () => {
    const none = { byStatus: stats.byStatus.map((s) => ({ ...s, count: 0 })), byPriority: stats.byPriority.map((p) => ({ ...p, count: 0 })) };
    const empty = { 'GET /api/grievances/stats': () => jsonResponse(200, none), 'GET /api/grievances/scope': () => jsonResponse(200, { scope: 'posting', stations: [], districts: [4] }) };
    api(empty);
    const first = renderPage(<DashboardPage />, clerk);
    expect(await screen.findByText(/^Your posting holds no police station in the Admin Panel yet/)).toBeInTheDocument();
    first.unmount();
    await act(() => setLanguage('hi'));
    renderPage(<DashboardPage />, clerk);
    expect(await screen.findByText(/^आपकी तैनाती में व्यवस्थापक पैनल में अभी कोई थाना नहीं है/)).toBeInTheDocument();
  });

  it('says nothing of the posting when it holds stations', async () => {
    api({ 'GET /api/grievances/scope': () => jsonResponse(200, { scope: 'posting', stations: [34], districts: [4] }) });
    renderPage(<DashboardPage />, clerk);
    expect(await screen.findByText('Welcome back, Ravi Kumar!')).toBeInTheDocument();
    expect(await screen.findByText('Cases by Status')).toBeInTheDocument();
    expect(screen.queryByText(/^Your posting holds no police station/)).not.toBeInTheDocument();
  });

  it("says 'Failed to load dashboard data' when the figures cannot be loaded", async () => {
    api({ 'GET /api/grievances/stats': () => new Response('', { status: 500 }) });
    renderPage(<DashboardPage />, clerk);
    expect(await screen.findByText('Failed to load dashboard data')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try Again' })).toBeInTheDocument();
  });

  it('shows the Overdue tile from the metrics, opening the list filtered to overdue', async () => {
    api();
    renderPage(<DashboardPage />, clerk);
    await screen.findByText('Total Cases');
    expect(await within(tile('Overdue')).findByText('3')).toBeInTheDocument();
    expect(tile('Overdue')).toHaveAttribute('href', '/grievances?overdue=true');
  });

  it('lists overdue grievances by police station, only stations that have any', async () => {
    api();
    renderPage(<DashboardPage />, clerk);
    const panel = (await screen.findByText('Total Active Users')).closest('dl')!;
    const list = within(panel).getByRole('list', { name: 'Overdue by police station' });
    expect(within(list).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['Civil Lines 3']);
  });

  it("says 'No overdue cases' when no station has any", async () => {
    api({
      'GET /api/admin/performance-metrics': () =>
        jsonResponse(200, {
          ...metrics,
          overdueCases: 0,
          policeStationPerformance: metrics.policeStationPerformance.map((s) => ({ ...s, overdue_cases: 0 })),
        }),
    });
    renderPage(<DashboardPage />, clerk);
    const panel = (await screen.findByText('Total Active Users')).closest('dl')!;
    expect(panel).toHaveTextContent('Overdue by Police StationNo overdue cases');
    expect(tile('Overdue')).toHaveTextContent('0 Overdue');
  });

  describe('the statutory clock tiles', () => {
    const withClocks = (missedClocks: number | null, clocksDueThisWeek: number | null) => ({
      'GET /api/grievances/stats': () => jsonResponse(200, { ...stats, missedClocks, clocksDueThisWeek }),
    });

    it('show the missed and the due counts, each opening its clock list', async () => {
      api(withClocks(1520, 37));
      renderPage(<DashboardPage />, clerk);
      await screen.findByText('Total Cases');
      expect(tile('Statutory clocks missed')).toHaveTextContent('1,520 Statutory clocks missed');
      expect(tile('Statutory clocks missed')).toHaveAttribute('href', '/grievances?clock=missed');
      expect(tile('Statutory clocks missed')).toHaveTextContent('A BNSS duty left unmet past its due day');
      expect(tile('Clocks due this week')).toHaveTextContent('37 Clocks due this week');
      expect(tile('Clocks due this week')).toHaveAttribute('href', '/grievances?clock=due');
    });

    it("show '—' when the server could not count them, and read in Hindi", async () => {
      api(withClocks(null, 0));
      renderPage(<DashboardPage />, clerk);
      await screen.findByText('Total Cases');
      expect(tile('Statutory clocks missed')).toHaveTextContent('— Statutory clocks missed');
      expect(tile('Clocks due this week')).toHaveTextContent('0 Clocks due this week');
      await act(() => setLanguage('hi'));
      try {
        expect(tile('चूकी वैधानिक समय-सीमाएं')).toHaveAttribute('href', '/grievances?clock=missed');
        expect(tile('इस सप्ताह देय समय-सीमाएं')).toHaveAttribute('href', '/grievances?clock=due');
      } finally {
        await act(() => setLanguage('en'));
      }
    });
  });

  describe("the 'Escalated to me' tile", () => {
    const withEscalated = (escalatedToMe: number | null) => ({ 'GET /api/grievances/stats': () => jsonResponse(200, { ...stats, escalatedToMe }) });

    it('shows the count the server gives, opening the escalated queue', async () => {
      api(withEscalated(1234));
      renderPage(<DashboardPage />, clerk);
      await screen.findByText('Total Cases');
      expect(tile('Escalated to me')).toHaveTextContent('1,234 Escalated to me');
      expect(tile('Escalated to me')).toHaveAttribute('href', '/grievances?escalated=me');
      expect(tile('Escalated to me')).toHaveTextContent('Overdue cases sent up to your posting');
    });

    it("shows '—' when the server could not count them", async () => {
      api(withEscalated(null));
      renderPage(<DashboardPage />, clerk);
      await screen.findByText('Total Cases');
      expect(tile('Escalated to me')).toHaveTextContent('— Escalated to me');
      expect(tile('Escalated to me')).toHaveAttribute('href', '/grievances?escalated=me');
    });

    it('is not shown to a user posted at a police station', async () => {
      api(withEscalated(0));
      renderPage(<DashboardPage />, makeUser({ ...clerk, posting: { level: 'station', id: 35 } }));
      await screen.findByText('Total Cases');
      expect(screen.queryByText('Escalated to me')).not.toBeInTheDocument();
      expect(tile('Overdue')).toBeInTheDocument();
    });

    it('is shown at a district posting, in Hindi on a Hindi screen', async () => {
      api(withEscalated(0));
      renderPage(<DashboardPage />, makeUser({ ...clerk, posting: { level: 'district', id: 31 } }));
      await screen.findByText('Total Cases');
      expect(tile('Escalated to me')).toHaveTextContent('0 Escalated to me');
      await act(() => setLanguage('hi'));
      try {
        expect(tile('मेरे स्तर को प्रेषित')).toHaveAttribute('href', '/grievances?escalated=me');
      } finally {
        await act(() => setLanguage('en'));
      }
    });
  });
});

describe('recent activity of an escalation run', () => {
  const escalated = (number: string) => ({
    ...activity(`${number} was escalated to the state level`, 'orange'),
    action: 'ESCALATED',
    code: 'ACTIVITY_ESCALATED',
    params: { number, new: 'state' },
  });

  it('is one line with the count, the cases named on hover, and the lines after it still shown', async () => {
    const run = ['GRV-5', 'GRV-4', 'GRV-3', 'GRV-2', 'GRV-1'].map(escalated);
    api({ 'GET /api/admin/recent-activities': () => jsonResponse(200, [...run, activity('Filed GRV-6', 'green'), activity('Moved GRV-7', 'blue')]) });
    renderPage(<DashboardPage />, clerk);
    const panel = (await screen.findByRole('heading', { name: 'Recent Activity' })).closest('section')!;
    const line = await within(panel).findByText('Escalation: 5 grievances escalated to the state level');
    expect(line).toHaveAttribute('title', 'GRV-5, GRV-4, GRV-3, GRV-2, GRV-1');
    expect(within(panel).getAllByRole('listitem').map((item) => item.querySelector('.activity-description')?.textContent)).toEqual([
      'Escalation: 5 grievances escalated to the state level',
      'Filed GRV-6',
      'Moved GRV-7',
    ]);
    await act(() => setLanguage('hi'));
    try {
      expect(await within(panel).findByText('उच्च स्तर को प्रेषण: 5 शिकायतें राज्य स्तर पर भेजी गईं')).toBeInTheDocument();
    } finally {
      await act(() => setLanguage('en'));
    }
  });

  it('names the level of a single escalation in Hindi', async () => {
    api({ 'GET /api/admin/recent-activities': () => jsonResponse(200, [escalated('GRV-5')]) });
    renderPage(<DashboardPage />, clerk);
    expect(await screen.findByText('GRV-5 was escalated to the state level')).toBeInTheDocument();
    await act(() => setLanguage('hi'));
    try {
      expect(await screen.findByText('GRV-5 को राज्य स्तर पर भेजा गया')).toBeInTheDocument();
    } finally {
      await act(() => setLanguage('en'));
    }
  });
});
