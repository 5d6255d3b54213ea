import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Escalation } from '../../../api/types';
import { setLanguage } from '../../../i18n';
import { mockApi } from '../../../test/api-mock';
import { entry, jsonResponse, makeUser } from '../../../test/fixtures';
import { listHandlers, makeGrievance, page } from '../../../test/grievance-fixtures';
import { renderPage } from '../../../test/render-page';
import GrievanceDetailPage from '../GrievanceDetailPage';
import GrievanceListPage from '../GrievanceListPage';

/** Escalated to North District (id 31 in the form lists) on 10 Feb 2025, 9 days past its limit. */
function makeEscalation(overrides: Partial<Escalation> = {}): Escalation {
  return {
    level: 'district',
    to: { level: 'district', id: 31 },
    escalated_at: '2025-02-10T06:30:00Z',
    days_overdue: 9,
    ...overrides,
  };
}

const escalated = makeGrievance({ id: 15, grievance_number: 'GRV-2025-000015', escalation: makeEscalation() });
const plain = makeGrievance({ id: 12, grievance_number: 'GRV-2025-000012', escalation: null });

/** The record the escalation run leaves, made by the system user 'Escalation'. */
const escalatedRecord = {
  id: '15-4-0',
  action: 'ESCALATED',
  field_name: 'escalation',
  old_value: null,
  new_value: 'district',
  notes: 'Overdue by 9 days; escalated to North District',
  action_details: { summary: 'Grievance GRV-2025-000015 escalated to the district level', level: 'district', to: { level: 'district', id: 31 }, days_overdue: 9 },
  user_name: 'Escalation',
  user_role: 'System',
  created_at: '2025-02-10T06:30:00Z',
  grievance_id: 15,
  grievance_number: 'GRV-2025-000015',
};

const LIST = '/api/grievances?limit=50&view=summary';
const QUEUE = '/api/grievances?escalated=me&limit=50&view=summary';

/** A district officer: grievances are escalated to the district. */
const districtReader = makeUser({
  role_name: 'District Reader',
  permissions: [entry('grievances', { can_read: true })],
  posting: { level: 'district', id: 31 },
});
/** A station officer: nothing is ever escalated to a police station. */
const stationReader = makeUser({
  role_name: 'Station Reader',
  permissions: [entry('grievances', { can_read: true })],
  posting: { level: 'station', id: 35 },
});

function listApi(handlers: Parameters<typeof mockApi>[0] = {}) {
  return mockApi({ ...listHandlers(), [`GET ${LIST}`]: () => jsonResponse(200, page([escalated, plain])), ...handlers });
}

const rowOf = async (number: string) => (await screen.findByRole('link', { name: number })).closest('tr')!;

/** Opens the filters, as a person does, unless this browser keeps them open already. */
async function openFilters(user: ReturnType<typeof userEvent.setup>) {
  const toggle = screen.getByRole('button', { name: /^Search & Filters/ });
  if (toggle.getAttribute('aria-expanded') !== 'true') await user.click(toggle);
}

describe("the 'Escalated' badge", () => {
  it('marks an escalated grievance in its list row, with where, when and how late in its title', async () => {
    listApi();
    renderPage(<GrievanceListPage />, districtReader, '/grievances');
    const row = await rowOf('GRV-2025-000015');
    const badge = within(row).getByText('Escalated');
    // The district is named from the Admin Panel's list once it has loaded.
    await vi.waitFor(() => expect(badge).toHaveAttribute('title', 'Escalated to North District on 10 Feb 2025, 9 days overdue'));
    expect(badge).toHaveTextContent('Escalated (Escalated to North District on 10 Feb 2025, 9 days overdue)');
    expect(within(await rowOf('GRV-2025-000012')).queryByText('Escalated')).not.toBeInTheDocument();
  });

  it('names a range by its name and the state as the state, one day in the singular', async () => {
    const toRange = makeGrievance({
      id: 16,
      grievance_number: 'GRV-2025-000016',
      escalation: makeEscalation({ level: 'range', to: { level: 'range', range: 'Agra Range' }, days_overdue: 1 }),
    });
    const toState = makeGrievance({
      id: 17,
      grievance_number: 'GRV-2025-000017',
      escalation: makeEscalation({ level: 'state', to: { level: 'state' }, escalated_at: '2025-03-01T10:00:00Z', days_overdue: 20 }),
    });
    listApi({ [`GET ${LIST}`]: () => jsonResponse(200, page([toRange, toState])) });
    renderPage(<GrievanceListPage />, districtReader, '/grievances');
    expect(within(await rowOf('GRV-2025-000016')).getByText('Escalated')).toHaveAttribute(
      'title',
      'Escalated to Agra Range on 10 Feb 2025, 1 day overdue',
    );
    expect(within(await rowOf('GRV-2025-000017')).getByText('Escalated')).toHaveAttribute(
      'title',
      'Escalated to the state on 1 Mar 2025, 20 days overdue',
    );
  });

  it('is on the grievance screen beside its status, whose history names the system and the level; in Hindi too', async () => {
    mockApi({
      ...listHandlers(),
      'GET /api/grievances/15': () => jsonResponse(200, { success: true, data: escalated }),
      'GET /api/grievances/15/history': () => jsonResponse(200, { success: true, data: [escalatedRecord] }),
      'GET /api/grievances/15/attachments': () => jsonResponse(200, { success: true, data: [] }),
      'GET /api/grievances/15/notes': () => jsonResponse(200, { success: true, data: [] }),
    });
    renderPage(<GrievanceDetailPage />, districtReader, '/grievances/15', '/grievances/:id');
    await screen.findByRole('heading', { level: 1, name: 'GRV-2025-000015' });
    const badges = document.querySelector<HTMLElement>('.detail-badges')!;
    const badge = within(badges).getByText('Escalated');
    await vi.waitFor(() => expect(badge).toHaveAttribute('title', 'Escalated to North District on 10 Feb 2025, 9 days overdue'));
    // Its history says who escalated it (the system) and to which level.
    const history = await screen.findByRole('list', { name: 'Audit history' });
    const item = within(history).getAllByRole('listitem')[0];
    expect(within(item).getByText('Escalated')).toHaveClass('action-badge');
    expect(item).toHaveTextContent('- → District');
    expect(item).toHaveTextContent('Notes: Overdue by 9 days; escalated to North District');
    expect(item).toHaveTextContent('by Escalation (System)');
    await act(() => setLanguage('hi'));
    try {
      expect(within(item).getByText('उच्च स्तर को प्रेषित')).toHaveClass('action-badge');
      expect(item).toHaveTextContent('- → ज़िला');
      const hindi = within(badges).getByText('उच्च स्तर को प्रेषित');
      expect(hindi.getAttribute('title')).toMatch(/^10 .+ 2025 को North District को प्रेषित, समय-सीमा से 9 दिन अधिक$/);
    } finally {
      await act(() => setLanguage('en'));
    }
  });

  it('is not shown for a grievance that is not escalated', async () => {
    listApi({ [`GET ${LIST}`]: () => jsonResponse(200, page([plain, { ...plain, id: 13, grievance_number: 'GRV-2025-000013', escalation: undefined }])) });
    renderPage(<GrievanceListPage />, districtReader, '/grievances');
    await rowOf('GRV-2025-000013');
    expect(screen.queryByText('Escalated')).not.toBeInTheDocument();
  });
});

describe("the 'Escalated to me' filter", () => {
  it('opens the queue as escalated=me, kept in the URL and sent to the server', async () => {
    const fetch = listApi({ [`GET ${QUEUE}`]: () => jsonResponse(200, page([escalated], { total: 2, matched: 1 })) });
    const { router } = renderPage(<GrievanceListPage />, districtReader, '/grievances');
    await screen.findByText('Showing 2 of 2 grievances');
    const user = userEvent.setup();
    await openFilters(user);
    const queue = screen.getByRole('checkbox', { name: 'Escalated to me' });
    expect(queue).not.toBeChecked();
    await user.click(queue);
    expect(router.state.location.search).toBe('?escalated=me');
    expect(await screen.findByText('Showing 1 of 2 grievances')).toBeInTheDocument();
    expect(fetch.mock.calls.map(([url]) => url)).toContain(QUEUE);
    expect(screen.getByRole('button', { name: /^Search & Filters/ })).toHaveTextContent('1 active');

    await user.click(screen.getByRole('checkbox', { name: 'Escalated to me' }));
    expect(router.state.location.search).toBe('');
  });

  it('opens the queue from ?escalated=me, ticked, and goes with the other filters', async () => {
    const both = '/api/grievances?overdue=true&escalated=me&limit=50&view=summary';
    const fetch = listApi({ [`GET ${both}`]: () => jsonResponse(200, page([], { total: 2, matched: 0 })) });
    renderPage(<GrievanceListPage />, districtReader, '/grievances?escalated=me&overdue=true');
    expect(await screen.findByRole('heading', { name: 'No Matching Results' })).toBeInTheDocument();
    await openFilters(userEvent.setup());
    expect(screen.getByRole('checkbox', { name: 'Escalated to me' })).toBeChecked();
    expect(fetch.mock.calls.map(([url]) => url)).toContain(both);
    expect(fetch.mock.calls.map(([url]) => url)).not.toContain(LIST);
  });

  it('is offered to a user posted at the state (and with no posting), not at a police station', async () => {
    listApi();
    const stateReader = makeUser({ permissions: [entry('grievances', { can_read: true })], posting: { level: 'state' } });
    const { unmount } = renderPage(<GrievanceListPage />, stateReader, '/grievances');
    await screen.findByText('Showing 2 of 2 grievances');
    await openFilters(userEvent.setup());
    expect(screen.getByRole('checkbox', { name: 'Escalated to me' })).toBeInTheDocument();
    unmount();

    // An account from before postings is the state's.
    listApi();
    const unposted = renderPage(<GrievanceListPage />, makeUser({ permissions: [entry('grievances', { can_read: true })], posting: undefined }), '/grievances');
    await screen.findByText('Showing 2 of 2 grievances');
    await openFilters(userEvent.setup());
    expect(screen.getByRole('checkbox', { name: 'Escalated to me' })).toBeInTheDocument();
    unposted.unmount();

    listApi();
    renderPage(<GrievanceListPage />, stationReader, '/grievances');
    await screen.findByText('Showing 2 of 2 grievances');
    await openFilters(userEvent.setup());
    expect(screen.getByRole('checkbox', { name: 'Closure requests' })).toBeInTheDocument();
    expect(screen.queryByRole('checkbox', { name: 'Escalated to me' })).not.toBeInTheDocument();
  });

  it('stays on screen, to be unticked, when the address asks a station user for it', async () => {
    listApi({ [`GET ${QUEUE}`]: () => jsonResponse(200, page([], { total: 2, matched: 0 })) });
    const { router } = renderPage(<GrievanceListPage />, stationReader, '/grievances?escalated=me');
    expect(await screen.findByRole('heading', { name: 'No Matching Results' })).toBeInTheDocument();
    const user = userEvent.setup();
    await openFilters(user);
    await user.click(screen.getByRole('checkbox', { name: 'Escalated to me' }));
    expect(router.state.location.search).toBe('');
    await screen.findByText('Showing 2 of 2 grievances');
    expect(screen.queryByRole('checkbox', { name: 'Escalated to me' })).not.toBeInTheDocument();
  });
});
