import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockApi, sentBodies } from '../../test/api-mock';
import { entry, jsonResponse, listItem as item, makeUser } from '../../test/fixtures';
import { renderPage } from '../../test/render-page';
import { i18n } from '../../i18n';
import AdminPage from './AdminPage';

const north = item(1, 'North District', { description: 'Northern range' });
const south = item(2, 'South District', { is_active: false });

const reader = makeUser({ role_name: 'Reader', permissions: [entry('dropdowns', { can_read: true })] });
const keeper = makeUser({
  role_name: 'Keeper',
  permissions: [entry('dropdowns', { can_read: true, can_create: true, can_update: true, can_delete: true })],
});

function api(extra: Parameters<typeof mockApi>[0] = {}) {
  return mockApi({
    'GET /api/admin/dropdowns/categories': () => jsonResponse(200, []),
    'GET /api/admin/dropdowns/districts': () => jsonResponse(200, [south, north]),
    ...extra,
  });
}

describe('admin panel', () => {
  it("has a tab per list (positions shown as 'Current Positions') and 'No items found' for an empty list", async () => {
    api();
    renderPage(<AdminPage />, keeper, '/admin');
    const lists = screen.getByRole('tablist', { name: 'Lists' });
    expect(within(lists).getAllByRole('tab').map((tab) => tab.textContent)).toEqual([
      'Categories',
      'Priorities',
      'Statuses',
      'Call Types',
      'Crime Titles',
      'Districts',
      'Police Stations',
      'Current Positions',
      'Reasons',
      'Actions',
      'Departments',
      'Designations',
    ]);
    expect(within(lists).getByRole('tab', { name: 'Categories' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel', { name: 'Categories' })).toBeInTheDocument();
    expect(await screen.findByText('No items found')).toBeInTheDocument();
  });

  it('gives each rule and limit a tab of its own, beside the lists', async () => {
    mockApi({
      'GET /api/admin/dropdowns/categories': () => jsonResponse(200, []),
      'GET /api/admin/transfer-limit': () => jsonResponse(200, { max_transfers: 3 }),
    });
    const { router } = renderPage(<AdminPage />, keeper, '/admin');
    const rules = screen.getByRole('tablist', { name: 'Rules and limits' });
    expect(within(rules).getAllByRole('tab').map((tab) => tab.textContent)).toEqual([
      'Pendency Limits',
      'Transfer Limit',
      'Trash Retention',
      'Escalation Waits',
      'Statutory Clocks',
    ]);
    await userEvent.setup().click(within(rules).getByRole('tab', { name: 'Transfer Limit' }));
    expect(router.state.location.search).toBe('?list=transfer_limit');
    expect(within(rules).getByRole('tab', { name: 'Transfer Limit' })).toHaveAttribute('aria-selected', 'true');
    // One tab of the two rows is open.
    expect(screen.getAllByRole('tab', { selected: true })).toHaveLength(1);
    expect(screen.getByRole('tabpanel', { name: 'Transfer Limit' })).toBeInTheDocument();
    expect(await screen.findByLabelText('Transfers allowed per grievance')).toHaveValue(3);
    expect(screen.queryByRole('heading', { name: 'Pendency Limits' })).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Escalation Waits' })).not.toBeInTheDocument();
  });

  it('opens an old ?list=pendency_limits link on the pendency limits alone; an unknown one on the first list', async () => {
    mockApi({
      'GET /api/admin/dropdowns/categories': () => jsonResponse(200, []),
      'GET /api/admin/pendency-limits': () => jsonResponse(200, { stages: [], priorities: [], limits: {} }),
    });
    const { unmount } = renderPage(<AdminPage />, keeper, '/admin?list=pendency_limits');
    expect(screen.getByRole('tab', { name: 'Pendency Limits' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('heading', { level: 2, name: 'Pendency Limits' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Transfer Limit' })).not.toBeInTheDocument();
    unmount();
    renderPage(<AdminPage />, keeper, '/admin?list=nothing');
    expect(screen.getByRole('tab', { name: 'Categories' })).toHaveAttribute('aria-selected', 'true');
  });

  it('reaches every row with Tab, and moves within a row with the arrow keys, Home and End', async () => {
    api({
      'GET /api/admin/dropdowns/designations': () => jsonResponse(200, []),
      'GET /api/admin/dropdowns/reasons': () => jsonResponse(200, []),
      'GET /api/admin/dropdowns/actions': () => jsonResponse(200, []),
      'GET /api/admin/pendency-limits': () => jsonResponse(200, { stages: [], priorities: [], limits: {} }),
      'GET /api/admin/clock-rules': () => jsonResponse(200, { revision: 0, rules: [] }),
    });
    const { router } = renderPage(<AdminPage />, keeper, '/admin?list=reasons');
    const user = userEvent.setup();
    const tab = (name: string) => screen.getByRole('tab', { name });
    // One stop per row: the open tab, and the first of the row without it.
    expect(screen.getAllByRole('tab').filter((t) => t.tabIndex === 0).map((t) => t.textContent)).toEqual([
      'Reasons',
      'Pendency Limits',
      'Citizen messages',
      'Published views',
      'Import',
    ]);
    tab('Reasons').focus();
    await user.keyboard('{ArrowRight}');
    expect(tab('Actions')).toHaveFocus();
    expect(router.state.location.search).toBe('?list=actions');
    await user.keyboard('{End}');
    expect(tab('Designations')).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    expect(tab('Categories')).toHaveFocus();
    await user.keyboard('{ArrowLeft}');
    expect(tab('Designations')).toHaveFocus();
    await user.tab();
    expect(tab('Pendency Limits')).toHaveFocus();
    await user.keyboard('{ArrowLeft}');
    expect(tab('Statutory Clocks')).toHaveFocus();
    expect(router.state.location.search).toBe('?list=statutory_clocks');
    await user.keyboard('{Home}');
    expect(tab('Pendency Limits')).toHaveFocus();
  });

  it('names the rows and the rules in Hindi', async () => {
    api();
    await act(() => i18n.changeLanguage('hi'));
    renderPage(<AdminPage />, keeper, '/admin');
    expect(screen.getByRole('tablist', { name: 'सूचियाँ' })).toBeInTheDocument();
    const rules = screen.getByRole('tablist', { name: 'नियम और सीमाएँ' });
    expect(within(rules).getAllByRole('tab').map((tab) => tab.textContent)).toEqual([
      'लंबन सीमाएँ',
      'स्थानांतरण सीमा',
      'ट्रैश में रखने की अवधि',
      'उच्च स्तर को प्रेषण की प्रतीक्षा अवधि',
      'वैधानिक समय-सीमाएं',
    ]);
  });

  it('lists items of the chosen tab in display order with their status', async () => {
    api();
    const { router } = renderPage(<AdminPage />, keeper, '/admin');
    await userEvent.setup().click(screen.getByRole('tab', { name: 'Districts' }));
    const table = await screen.findByRole('table', { name: 'Districts' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell')[0].textContent)).toEqual(['North District', 'South District']);
    expect(within(rows[0]).getByText('Northern range')).toBeInTheDocument();
    expect(within(rows[0]).getByText('Active')).toBeInTheDocument();
    expect(within(rows[1]).getByText('Inactive')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?list=districts');
  });

  it("shows a reader no Add New, Edit or Delete, only 'No actions available'", async () => {
    api();
    renderPage(<AdminPage />, reader, '/admin?list=districts');
    await screen.findByText('North District');
    expect(screen.queryByRole('button', { name: /Add New/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Edit/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Delete/ })).not.toBeInTheDocument();
    expect(screen.getAllByText('No actions available')).toHaveLength(2);
  });

  it("adds an item: 'Name is required', display order defaulting to 0", async () => {
    const fetch = api({
      'POST /api/admin/dropdowns/districts': (body) => jsonResponse(201, { ...item(3, ''), ...(body as object) }),
    });
    renderPage(<AdminPage />, keeper, '/admin?list=districts');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Add New District' }));
    const dialog = screen.getByRole('dialog', { name: 'Add New District' });
    expect(within(dialog).getByLabelText('Display Order')).toHaveValue(0);
    await user.click(within(dialog).getByRole('button', { name: 'Add Item' }));
    expect(within(dialog).getByText('Name is required')).toBeInTheDocument();
    expect(sentBodies(fetch, 'POST', '/api/admin/dropdowns/districts')).toEqual([]);

    await user.type(within(dialog).getByLabelText('Name'), 'West District');
    await user.type(within(dialog).getByLabelText('Name in Hindi'), ' पश्चिम ज़िला ');
    await user.clear(within(dialog).getByLabelText('Display Order'));
    await user.click(within(dialog).getByRole('button', { name: 'Add Item' }));
    expect(await screen.findByText('West District added.')).toBeInTheDocument();
    expect(sentBodies(fetch, 'POST', '/api/admin/dropdowns/districts')).toEqual([
      { name: 'West District', name_hi: 'पश्चिम ज़िला', description: '', display_order: 0, is_active: true, range: '', code: '' },
    ]);
  });

  it("shows the server's save error in the dialog, else 'Failed to save item', cleared after 3 s", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      let answer = jsonResponse(409, { error: "An item named 'South District' already exists in this list" }, 'Conflict');
      const fetch = api({ 'PUT /api/admin/dropdowns/districts/1': () => answer });
      renderPage(<AdminPage />, keeper, '/admin?list=districts');
      const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
      await user.click(await screen.findByRole('button', { name: 'Edit North District' }));
      const dialog = screen.getByRole('dialog', { name: 'Edit District' });
      expect(within(dialog).getByLabelText('Name')).toHaveValue('North District');
      await user.click(within(dialog).getByRole('switch', { name: 'Active' }));
      await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
      expect(await within(dialog).findByText("An item named 'South District' already exists in this list")).toBeInTheDocument();
      expect(sentBodies(fetch, 'PUT', '/api/admin/dropdowns/districts/1')[0]).toEqual({
        name: 'North District',
        name_hi: '',
        description: 'Northern range',
        display_order: 1,
        is_active: false,
        range: '',
        code: '',
      });
      act(() => vi.advanceTimersByTime(3100));
      expect(within(dialog).queryByText(/already exists/)).not.toBeInTheDocument();

      answer = new Response('', { status: 500 });
      await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
      expect(await within(dialog).findByText('Failed to save item')).toBeInTheDocument();
    } finally {
      vi.useRealTimers();
    }
  });

  it("asks before deleting; the server's refusal shows for 3 s", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const refusal = "'North District' is used by 4 grievances; deactivate it instead of deleting it";
      const fetch = api({ 'DELETE /api/admin/dropdowns/districts/1': () => jsonResponse(409, { error: refusal }, 'Conflict') });
      renderPage(<AdminPage />, keeper, '/admin?list=districts');
      const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
      await user.click(await screen.findByRole('button', { name: 'Delete North District' }));
      const confirm = screen.getByRole('alertdialog', { name: 'Delete District' });
      await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
      expect(await screen.findByText(refusal)).toBeInTheDocument();
      expect(sentBodies(fetch, 'DELETE', '/api/admin/dropdowns/districts/1')).toHaveLength(1);
      act(() => vi.advanceTimersByTime(3100));
      expect(screen.queryByText(refusal)).not.toBeInTheDocument();
    } finally {
      vi.useRealTimers();
    }
  });

  it("falls back to 'Failed to delete item' and 'Failed to load items'", async () => {
    api({
      'DELETE /api/admin/dropdowns/districts/2': () => new Response('', { status: 500 }),
      'GET /api/admin/dropdowns/priorities': () => new Response('', { status: 500 }),
    });
    renderPage(<AdminPage />, keeper, '/admin?list=districts');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Delete South District' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Failed to delete item')).toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'Priorities' }));
    await waitFor(() => expect(screen.getByText('Failed to load items')).toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Try Again' })).toBeInTheDocument();
  });
});

// The rules read a status's meaning, never its label, so 'Disposed' may mean Resolved.
describe('admin panel: what a status means', () => {
  const pending = item(1, 'Pending', { meaning: 'open' });
  const disposed = item(2, 'Disposed', { meaning: 'resolved' });

  function statusApi(extra: Parameters<typeof mockApi>[0] = {}) {
    return api({ 'GET /api/admin/dropdowns/statuses': () => jsonResponse(200, [disposed, pending]), ...extra });
  }

  it('shows a Meaning column for statuses only', async () => {
    statusApi();
    renderPage(<AdminPage />, keeper, '/admin?list=statuses');
    const table = await screen.findByRole('table', { name: 'Statuses' });
    expect(within(table).getByRole('columnheader', { name: 'Meaning' })).toBeInTheDocument();
    const rows = within(table).getAllByRole('row').slice(1);
    expect(within(rows[1]).getByText('Disposed')).toBeInTheDocument();
    expect(within(rows[1]).getByText('Resolved')).toBeInTheDocument();
    expect(within(rows[0]).getByText('Open')).toBeInTheDocument();

    await userEvent.setup().click(screen.getByRole('tab', { name: 'Districts' }));
    const districts = await screen.findByRole('table', { name: 'Districts' });
    expect(within(districts).queryByRole('columnheader', { name: 'Meaning' })).not.toBeInTheDocument();
  });

  it('adds a status meaning In progress unless another is chosen; a district has no meaning', async () => {
    const fetch = statusApi({
      'POST /api/admin/dropdowns/statuses': (body) => jsonResponse(201, { ...item(3, ''), ...(body as object) }),
    });
    renderPage(<AdminPage />, keeper, '/admin?list=statuses');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Add New Status' }));
    let dialog = screen.getByRole('dialog', { name: 'Add New Status' });
    const meaning = within(dialog).getByLabelText('Meaning');
    expect(meaning).toHaveValue('in_progress');
    expect(within(meaning).getAllByRole('option').map((option) => option.textContent)).toEqual(['Open', 'In progress', 'Resolved', 'Closed']);
    expect(within(dialog).getByText(/Renaming the status never changes this/)).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Name'), 'Under Inquiry');
    await user.click(within(dialog).getByRole('button', { name: 'Add Item' }));
    expect(await screen.findByText('Under Inquiry added.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Add New Status' }));
    dialog = screen.getByRole('dialog', { name: 'Add New Status' });
    await user.type(within(dialog).getByLabelText('Name'), 'Filed Away');
    await user.selectOptions(within(dialog).getByLabelText('Meaning'), 'Closed');
    await user.click(within(dialog).getByRole('button', { name: 'Add Item' }));
    expect(await screen.findByText('Filed Away added.')).toBeInTheDocument();
    expect(sentBodies(fetch, 'POST', '/api/admin/dropdowns/statuses')).toEqual([
      { name: 'Under Inquiry', name_hi: '', description: '', display_order: 0, is_active: true, meaning: 'in_progress' },
      { name: 'Filed Away', name_hi: '', description: '', display_order: 0, is_active: true, meaning: 'closed' },
    ]);

    await user.click(screen.getByRole('tab', { name: 'Districts' }));
    await user.click(await screen.findByRole('button', { name: 'Add New District' }));
    dialog = screen.getByRole('dialog', { name: 'Add New District' });
    expect(within(dialog).queryByLabelText('Meaning')).not.toBeInTheDocument();
    expect(within(dialog).getByText('Lower numbers come first in dropdowns.')).toBeInTheDocument();
  });

  it("edits a status from its meaning; the server's field error shows under it, its refusal in the dialog", async () => {
    const refusal = "'Disposed' is used by 3 grievances; its meaning cannot change. Add a new status instead.";
    let answer = jsonResponse(
      400,
      { error: 'Validation failed', fields: { meaning: 'Choose what this status means: Open, In progress, Resolved or Closed' } },
      'Bad Request',
    );
    const fetch = statusApi({ 'PUT /api/admin/dropdowns/statuses/2': () => answer });
    renderPage(<AdminPage />, keeper, '/admin?list=statuses');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Edit Disposed' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit Status' });
    const meaning = within(dialog).getByLabelText('Meaning');
    expect(meaning).toHaveValue('resolved');
    await user.selectOptions(meaning, 'Closed');
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect(await within(dialog).findByText('Choose what this status means: Open, In progress, Resolved or Closed')).toBeInTheDocument();
    expect(meaning).toHaveAttribute('aria-invalid', 'true');
    expect(sentBodies(fetch, 'PUT', '/api/admin/dropdowns/statuses/2')).toEqual([
      { name: 'Disposed', name_hi: '', description: '', display_order: 2, is_active: true, meaning: 'closed' },
    ]);

    answer = jsonResponse(409, { error: refusal }, 'Conflict');
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect(await within(dialog).findByText(refusal)).toBeInTheDocument();
  });

  it("says a priority's display order is its rank", async () => {
    api({ 'GET /api/admin/dropdowns/priorities': () => jsonResponse(200, []) });
    renderPage(<AdminPage />, keeper, '/admin?list=priorities');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Add New Priority' }));
    const dialog = screen.getByRole('dialog', { name: 'Add New Priority' });
    expect(within(dialog).getByText(/a lower number is less urgent/)).toBeInTheDocument();
    expect(within(dialog).queryByLabelText('Meaning')).not.toBeInTheDocument();
  });
});

// The organisation on the existing lists: a station names its district, a
// district its range.
describe('admin panel: stations in districts, districts in ranges', () => {
  const agra = item(1, 'Agra', { range: 'Agra Range' });
  const mathura = item(2, 'Mathura', { range: 'Agra Range' });
  const etah = item(3, 'Etah', { is_active: false });
  const sadar = item(11, 'Sadar Bazar', { district_id: 1 });
  const loose = item(12, 'Railway Colony');

  function orgApi(extra: Parameters<typeof mockApi>[0] = {}) {
    return mockApi({
      'GET /api/admin/dropdowns/districts': () => jsonResponse(200, [agra, mathura, etah]),
      'GET /api/admin/dropdowns/police_stations': () => jsonResponse(200, [sadar, loose]),
      ...extra,
    });
  }

  it('shows each station its district and each district its range', async () => {
    orgApi();
    renderPage(<AdminPage />, keeper, '/admin?list=police_stations');
    const table = await screen.findByRole('table', { name: 'Police Stations' });
    const rows = within(table).getAllByRole('row').slice(1);
    await waitFor(() => expect(within(rows[0]).getByText('Agra')).toBeInTheDocument());
    expect(within(rows[1]).getByText('Not placed in a district')).toBeInTheDocument();

    await userEvent.setup().click(screen.getByRole('tab', { name: 'Districts' }));
    const districts = await screen.findByRole('table', { name: 'Districts' });
    expect(within(districts).getByRole('columnheader', { name: 'Range' })).toBeInTheDocument();
    expect(within(districts).getAllByText('Agra Range')).toHaveLength(2);
    expect(within(districts).queryByRole('columnheader', { name: 'District' })).not.toBeInTheDocument();
  });

  it('places a station in an active district, or in none; the server refusal shows under the field', async () => {
    const fetch = orgApi({
      'PUT /api/admin/dropdowns/police_stations/12': (body) =>
        (body as { district_id: number | null }).district_id === 2
          ? jsonResponse(400, { error: 'Validation failed', fields: { district_id: 'Choose a district from the list' } })
          : jsonResponse(200, { ...loose, ...(body as object) }),
    });
    renderPage(<AdminPage />, keeper, '/admin?list=police_stations');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Edit Railway Colony' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit Police Station' });
    const district = within(dialog).getByLabelText('District');
    expect(district).toHaveValue('');
    await waitFor(() =>
      expect(within(district).getAllByRole('option').map((o) => o.textContent)).toEqual(['Not placed in a district', 'Agra', 'Mathura']),
    );
    await user.selectOptions(district, 'Mathura');
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect(await within(dialog).findByText('Choose a district from the list')).toBeInTheDocument();
    await user.selectOptions(district, 'Not placed in a district');
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Changes to Railway Colony saved.')).toBeInTheDocument();
    expect(sentBodies(fetch, 'PUT', '/api/admin/dropdowns/police_stations/12')).toEqual([
      { name: 'Railway Colony', name_hi: '', description: '', display_order: 12, is_active: true, district_id: 2, code: '' },
      { name: 'Railway Colony', name_hi: '', description: '', display_order: 12, is_active: true, district_id: null, code: '' },
    ]);
  });

  it("gives a district a range, suggesting the ranges in use", async () => {
    const fetch = orgApi({
      'POST /api/admin/dropdowns/districts': (body) => jsonResponse(201, { ...item(4, ''), ...(body as object) }),
    });
    renderPage(<AdminPage />, keeper, '/admin?list=districts');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Add New District' }));
    const dialog = screen.getByRole('dialog', { name: 'Add New District' });
    const range = within(dialog).getByLabelText('Range');
    const suggestions = document.getElementById(range.getAttribute('list') ?? '');
    await waitFor(() => expect([...(suggestions?.querySelectorAll('option') ?? [])].map((o) => o.value)).toEqual(['Agra Range']));
    await user.type(within(dialog).getByLabelText('Name'), 'Firozabad');
    await user.type(range, '  Agra Range ');
    await user.click(within(dialog).getByRole('button', { name: 'Add Item' }));
    expect(await screen.findByText('Firozabad added.')).toBeInTheDocument();
    expect(sentBodies(fetch, 'POST', '/api/admin/dropdowns/districts')).toEqual([
      { name: 'Firozabad', name_hi: '', description: '', display_order: 0, is_active: true, range: 'Agra Range', code: '' },
    ]);
  });

  it('shows the code of districts and police stations, and keeps one from the dialog; other lists have none', async () => {
    const coded = item(13, 'Kotwali', { district_id: 1, code: 'UP1234567' });
    const fetch = orgApi({
      'GET /api/admin/dropdowns/police_stations': () => jsonResponse(200, [coded, loose]),
      'GET /api/admin/dropdowns/categories': () => jsonResponse(200, []),
      'PUT /api/admin/dropdowns/police_stations/13': (body) => jsonResponse(200, { ...coded, ...(body as object) }),
      'PUT /api/admin/dropdowns/police_stations/12': () =>
        jsonResponse(400, { error: 'Validation failed', fields: { code: 'A code has at most 20 characters' } }),
    });
    renderPage(<AdminPage />, keeper, '/admin?list=police_stations');
    const table = await screen.findByRole('table', { name: 'Police Stations' });
    expect(within(table).getByRole('columnheader', { name: 'Code' })).toBeInTheDocument();
    const rows = within(table).getAllByRole('row').slice(1);
    expect(within(rows[0]).queryByText('UP1234567')).not.toBeInTheDocument();
    expect(within(rows[1]).getByText('UP1234567')).toBeInTheDocument();

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Edit Kotwali' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit Police Station' });
    const code = within(dialog).getByLabelText('Code');
    expect(code).toHaveValue('UP1234567');
    expect(code).toHaveAttribute('maxlength', '20');
    await user.clear(code);
    await user.type(code, ' UP7654321 ');
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Changes to Kotwali saved.')).toBeInTheDocument();
    expect(sentBodies(fetch, 'PUT', '/api/admin/dropdowns/police_stations/13')).toEqual([
      { name: 'Kotwali', name_hi: '', description: '', display_order: 13, is_active: true, district_id: 1, code: 'UP7654321' },
    ]);

    await user.click(screen.getByRole('button', { name: 'Edit Railway Colony' }));
    const other = screen.getByRole('dialog', { name: 'Edit Police Station' });
    await user.type(within(other).getByLabelText('Code'), 'X');
    await user.click(within(other).getByRole('button', { name: 'Save Changes' }));
    expect(await within(other).findByText('A code has at most 20 characters')).toBeInTheDocument();
    await user.click(within(other).getByRole('button', { name: 'Cancel' }));

    await user.click(screen.getByRole('tab', { name: 'Categories' }));
    await screen.findByText('No items found');
    expect(screen.queryByRole('columnheader', { name: 'Code' })).not.toBeInTheDocument();
  });
});
