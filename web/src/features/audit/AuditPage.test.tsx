import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockApi } from '../../test/api-mock';
import { entry, jsonResponse, makeUser } from '../../test/fixtures';
import { renderPage } from '../../test/render-page';
import AuditPage from './AuditPage';

const auditor = makeUser({ role_name: 'Auditor', permissions: [entry('audit', { can_read: true })] });

const statusRecord = {
  id: '12-2-0',
  grievance_id: 12,
  grievance_number: 'GRV-2025-000012',
  action: 'STATUS_CHANGED',
  field_name: 'status',
  old_value: 'Pending',
  new_value: 'In Progress',
  notes: 'Investigation started',
  action_details: null,
  user_id: 7,
  user_name: 'Asha Verma',
  user_email: 'asha@police.test',
  user_role: 'Inspector',
  ip_address: '10.0.0.8',
  user_agent: 'Mozilla/5.0 (X11; Linux x86_64)',
  session_id: 'sess-42',
  created_at: '2025-01-12T10:00:00Z',
};
const createdRecord = {
  ...statusRecord,
  id: '13-1-0',
  grievance_id: 13,
  grievance_number: 'GRV-2025-000013',
  action: 'CREATED',
  field_name: 'complete_record',
  old_value: null,
  new_value: null,
  notes: 'Grievance GRV-2025-000013 created',
  user_name: 'Ravi Kumar',
  user_role: 'Clerk',
  session_id: null,
  action_details: {
    summary: 'Grievance GRV-2025-000013 created (FIR F-13)',
    changes: [
      { field: 'fir_no', action: 'added', oldValue: null, newValue: 'F-13' },
      { field: 'put_in_court', action: 'added', oldValue: null, newValue: true },
    ],
  },
};

const stats = { totalActions: 1234567, totalGrievances: 45210, totalUsers: 1200 };

function api(records: unknown = [statusRecord, createdRecord], extra: Parameters<typeof mockApi>[0] = {}) {
  return mockApi({
    'GET /api/audit/statistics': () => jsonResponse(200, stats),
    'GET /api/audit/actions': () => jsonResponse(200, ['CREATED', 'UPDATED', 'DELETED', 'STATUS_CHANGED']),
    'GET /api/audit/all?limit=100&offset=0': () => jsonResponse(200, records),
    ...extra,
  });
}

function render() {
  localStorage.setItem('token', 'test-token');
  return renderPage(<AuditPage />, auditor, '/audit');
}

const auditCalls = (fetch: ReturnType<typeof mockApi>) =>
  fetch.mock.calls.map(([url]) => String(url)).filter((url) => url.startsWith('/api/audit/all'));

describe('the integrity indicator', () => {
  it('says the shown records hold, or names the record where their chain breaks', async () => {
    api(undefined, { 'GET /api/audit/verify?limit=100&offset=0': () => jsonResponse(200, { chains: 2, records: 9, broken: null }) });
    const { unmount } = render();
    expect(await screen.findByText('Integrity verified')).toBeInTheDocument();
    // What was checked is said in words, to a keyboard and a screen reader too.
    expect(screen.getByText('Integrity verified').closest('[role="status"]')).toHaveTextContent('Integrity verified Every hash and link of the 9 records in 2 chains behind this page was checked.');
    unmount();
    api(undefined, {
      'GET /api/audit/verify?limit=100&offset=0': () =>
        jsonResponse(200, { chains: 1, records: 4, broken: { chain: 'grievance:12', recordId: '12-2-0', reason: 'its content was changed after it was written' } }),
    });
    render();
    expect(await screen.findByText('Broken at 12-2-0: its content was changed after it was written')).toBeInTheDocument();
    expect(screen.getByText('Every hash and link of the 4 records in 1 chain behind this page was checked.')).toBeInTheDocument();
  });
});

describe('audit history', () => {
  it('shows the summary cards with en-IN thousand separators', async () => {
    api();
    render();
    expect(await screen.findByText('12,34,567')).toBeInTheDocument();
    expect(screen.getByText('45,210')).toBeInTheDocument();
    expect(screen.getByText('1,200')).toBeInTheDocument();
    expect(screen.getByText('Total Actions')).toBeInTheDocument();
    expect(screen.getByText('Grievances Tracked')).toBeInTheDocument();
    expect(screen.getByText('Active Users')).toBeInTheDocument();
  });

  it('lists the records with their columns', async () => {
    api();
    render();
    const table = await screen.findByRole('table', { name: 'Audit Records' });
    const headers = within(table).getAllByRole('columnheader').map((th) => th.textContent);
    expect(headers).toEqual(['Date & Time', 'Grievance', 'Action', 'Field', 'User', 'Changes', 'Details']);
    const row = within(table).getByText('GRV-2025-000012').closest('tr')!;
    expect(within(row).getByText('Status Changed')).toBeInTheDocument();
    expect(within(row).getByText('Status')).toBeInTheDocument();
    expect(within(row).getByText('Inspector')).toBeInTheDocument();
    expect(within(row).getByText('Pending → In Progress')).toBeInTheDocument();
    expect(within(row).getByText(/12 Jan 2025/)).toBeInTheDocument();
    const created = within(table).getByText('GRV-2025-000013').closest('tr')!;
    expect(within(created).getByText('Complete record')).toBeInTheDocument();
    expect(within(created).getByText('Grievance GRV-2025-000013 created (FIR F-13)')).toBeInTheDocument();
  });

  it('opens the details panel with the user, the change details and the technical details', async () => {
    api();
    render();
    const user = userEvent.setup();
    const row = (await screen.findByText('GRV-2025-000013')).closest('tr')!;
    await user.click(within(row).getByRole('button', { name: /^Details/ }));
    const dialog = screen.getByRole('dialog', { name: 'Audit Record Details' });
    expect(dialog).toHaveTextContent('User NameRavi Kumar');
    expect(dialog).toHaveTextContent('Emailasha@police.test');
    expect(dialog).toHaveTextContent('RoleClerk');
    expect(dialog).toHaveTextContent('Field ChangedComplete record');
    expect(dialog).toHaveTextContent('NotesGrievance GRV-2025-000013 created');
    const changes = within(dialog).getByRole('table', { name: 'Change details' });
    expect(within(changes).getAllByRole('row').map((r) => r.textContent)).toEqual([
      'FieldChangeOld ValueNew Value',
      'FIR NumberAdded-F-13',
      'Put in CourtAdded-Yes',
    ]);
    expect(dialog).toHaveTextContent('IP Address10.0.0.8');
    expect(dialog).toHaveTextContent('User AgentMozilla/5.0 (X11; Linux x86_64)');
    expect(within(dialog).queryByText('Session ID')).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await user.click(within(screen.getByText('GRV-2025-000012').closest('tr')!).getByRole('button', { name: /^Details/ }));
    const other = screen.getByRole('dialog', { name: 'Audit Record Details' });
    expect(other).toHaveTextContent('Old ValuePending');
    expect(other).toHaveTextContent('New ValueIn Progress');
    expect(other).toHaveTextContent('Session IDsess-42');
  });

  it("says 'Error parsing change data' for unreadable change data", async () => {
    api([{ ...createdRecord, action_details: '{broken' }]);
    render();
    expect(await screen.findByText('Error parsing change data')).toBeInTheDocument();
  });

  it('searches the whole trail on the server, once typing pauses', async () => {
    const fetch = api(undefined, {
      'GET /api/audit/all?limit=100&offset=0&search=ravi': () => jsonResponse(200, [createdRecord]),
      'GET /api/audit/all?limit=100&offset=0&search=GRV-2019-000001': () => jsonResponse(200, [{ ...statusRecord, grievance_number: 'GRV-2019-000001' }]),
    });
    render();
    await screen.findByText('GRV-2025-000012');
    const user = userEvent.setup();
    await user.type(screen.getAllByLabelText('Search')[0], 'ravi');
    expect(await screen.findByText('Records 1–1 matching “ravi”')).toBeInTheDocument();
    expect(screen.queryByText('GRV-2025-000012')).not.toBeInTheDocument();
    expect(screen.getByText('GRV-2025-000013')).toBeInTheDocument();
    expect(auditCalls(fetch).filter((url) => url.includes('search='))).toEqual(['/api/audit/all?limit=100&offset=0&search=ravi']);

    await user.click(screen.getByRole('button', { name: 'Filters' }));
    const panel = screen.getByRole('form', { name: 'Audit filters' });
    expect(within(panel).getByLabelText('Search Text')).toHaveValue('ravi');
    await user.clear(within(panel).getByLabelText('Search Text'));
    await user.type(within(panel).getByLabelText('Search Text'), ' GRV-2019-000001 ');
    await user.click(within(panel).getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText('GRV-2019-000001')).toBeInTheDocument();
    expect(screen.getAllByLabelText('Search')[0]).toHaveValue(' GRV-2019-000001 ');
  });

  it('has one search and one action filter, in the top bar and the Filters panel, kept in the address', async () => {
    const fetch = api(undefined, {
      'GET /api/audit/all?limit=100&offset=0&search=ravi&action=CREATED': () => jsonResponse(200, [createdRecord]),
      'GET /api/audit/all?limit=100&offset=0&search=meena&action=CREATED': () => jsonResponse(200, [createdRecord]),
      'GET /api/audit/all?limit=100&offset=0&search=meena&action=STATUS_CHANGED': () => jsonResponse(200, [statusRecord]),
    });
    localStorage.setItem('token', 'test-token');
    const { router } = renderPage(<AuditPage />, auditor, '/audit?search=ravi&action=CREATED');
    expect(await screen.findByText('Records 1–1 matching “ravi”')).toBeInTheDocument();
    expect(screen.getAllByLabelText('Search')[0]).toHaveValue('ravi');
    expect(screen.getByLabelText('Action')).toHaveValue('CREATED');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Filters' }));
    const panel = screen.getByRole('form', { name: 'Audit filters' });
    expect(within(panel).getByLabelText('Search Text')).toHaveValue('ravi');
    expect(within(panel).getByLabelText('Action Type')).toHaveValue('CREATED');

    // Typed in the panel: in the top box at once, asked for after the pause, and in the address.
    await user.clear(within(panel).getByLabelText('Search Text'));
    await user.type(within(panel).getByLabelText('Search Text'), 'meena');
    expect(screen.getAllByLabelText('Search')[0]).toHaveValue('meena');
    await waitFor(() => expect(auditCalls(fetch)).toContain('/api/audit/all?limit=100&offset=0&search=meena&action=CREATED'));
    expect(router.state.location.search).toBe('?search=meena&action=CREATED');

    // Chosen in the top bar: in the panel too.
    await user.selectOptions(screen.getByLabelText('Action'), 'STATUS_CHANGED');
    expect(within(panel).getByLabelText('Action Type')).toHaveValue('STATUS_CHANGED');
    await waitFor(() => expect(auditCalls(fetch)).toContain('/api/audit/all?limit=100&offset=0&search=meena&action=STATUS_CHANGED'));
    expect(router.state.location.search).toBe('?search=meena&action=STATUS_CHANGED');
  });

  it("says 'No audit records found' for an empty list", async () => {
    api([]);
    render();
    expect(await screen.findByText('No audit records found')).toBeInTheDocument();
  });

  it('asks for 100 at first, resets the offset on a filter change and asks for 50 after Clear All', async () => {
    const full = Array.from({ length: 100 }, (_, i) => ({ ...statusRecord, id: `r-${i}` }));
    const fetch = api(full, {
      'GET /api/audit/all?limit=100&offset=100': () => jsonResponse(200, [createdRecord]),
      'GET /api/audit/all?limit=100&offset=0&action=CREATED': () => jsonResponse(200, [createdRecord]),
      'GET /api/audit/all?limit=50&offset=0': () => jsonResponse(200, [statusRecord]),
      'GET /api/audit/all?limit=25&offset=0&startDate=2025-01-01&endDate=2025-01-31': () => jsonResponse(200, [statusRecord]),
    });
    render();
    const user = userEvent.setup();
    expect(await screen.findByText('Records 1–100')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Records 101–101')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();

    await user.selectOptions(screen.getByLabelText('Action'), 'CREATED');
    await waitFor(() => expect(auditCalls(fetch)).toContain('/api/audit/all?limit=100&offset=0&action=CREATED'));

    await user.click(screen.getByRole('button', { name: 'Filters' }));
    const panel = screen.getByRole('form', { name: 'Audit filters' });
    expect(within(panel).getByLabelText('Records per Page')).toHaveValue('100');
    await user.click(within(panel).getByRole('button', { name: 'Clear All' }));
    await waitFor(() => expect(auditCalls(fetch)).toContain('/api/audit/all?limit=50&offset=0'));
    expect(within(panel).getByLabelText('Records per Page')).toHaveValue('50');
    expect(screen.getByLabelText('Action')).toHaveValue('');

    // Typed day first, as the boxes show them; asked for as YYYY-MM-DD.
    await user.type(within(panel).getByLabelText('Start Date'), '01/01/2025');
    await user.type(within(panel).getByLabelText('End Date'), '31/01/2025');
    await user.selectOptions(within(panel).getByLabelText('Records per Page'), '25');
    await user.click(within(panel).getByRole('button', { name: 'Apply' }));
    await waitFor(() =>
      expect(auditCalls(fetch)).toContain('/api/audit/all?limit=25&offset=0&startDate=2025-01-01&endDate=2025-01-31'),
    );
  });

  it('shows administrative changes or grievance changes apart', async () => {
    const roleRecord = {
      ...statusRecord,
      id: '0-e5-0',
      grievance_id: 0,
      grievance_number: '',
      action: 'ROLE_UPDATED',
      field_name: 'role',
      old_value: 'require two factor: No',
      new_value: 'require two factor: Yes',
      notes: "Role 'Clerk' (4) changed",
      action_details: { summary: "Role 'Clerk' (4) changed", subject: { type: 'role', id: 4, name: 'Clerk' }, before: { require_two_factor: false }, after: { require_two_factor: true } },
    };
    const fetch = api([statusRecord], {
      'GET /api/audit/all?limit=100&offset=0&kind=admin': () => jsonResponse(200, [roleRecord]),
      'GET /api/audit/all?limit=100&offset=0&kind=grievance': () => jsonResponse(200, [statusRecord]),
    });
    render();
    const user = userEvent.setup();
    expect(await screen.findByText('Records 1–1')).toBeInTheDocument();
    const kind = screen.getByLabelText('Changes');
    expect(within(kind).getAllByRole('option').map((o) => o.textContent)).toEqual(['All changes', 'Administrative changes', 'Grievance changes']);
    await user.selectOptions(kind, 'admin');
    await waitFor(() => expect(auditCalls(fetch)).toContain('/api/audit/all?limit=100&offset=0&kind=admin'));
    expect(await screen.findByText('Role Updated')).toBeInTheDocument();
    expect(screen.getByText('Role')).toBeInTheDocument();
    await user.selectOptions(kind, 'grievance');
    await waitFor(() => expect(auditCalls(fetch)).toContain('/api/audit/all?limit=100&offset=0&kind=grievance'));
  });

  it("says 'Please log in to view audit records.' without a stored token, and asks nothing", async () => {
    const fetch = api();
    renderPage(<AuditPage />, auditor, '/audit');
    expect(await screen.findByText('Please log in to view audit records.')).toBeInTheDocument();
    expect(auditCalls(fetch)).toEqual([]);
  });

  it.each([
    [403, { error: 'Forbidden' }, 'Access denied. You do not have permission to view audit records.'],
    [404, { error: 'No such API endpoint' }, 'Audit endpoint not found. Please check if the server is running.'],
    [400, { error: 'startDate must be YYYY-MM-DD' }, 'startDate must be YYYY-MM-DD'],
    [500, null, 'Failed to load audit data. Please check your connection and try again.'],
  ])('maps a %i answer to its message', async (status, body, message) => {
    api([], { 'GET /api/audit/all?limit=100&offset=0': () => jsonResponse(status, body) });
    render();
    expect(await screen.findByText(message)).toBeInTheDocument();
  });

  it("says 'Invalid data received from server' for a non-list answer", async () => {
    api({ records: [] });
    render();
    expect(await screen.findByText('Invalid data received from server')).toBeInTheDocument();
  });
});
