import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Views } from '../../../api/types';
import { mockApi, sentBodies } from '../../../test/api-mock';
import { entry, jsonResponse, makeUser } from '../../../test/fixtures';
import { listHandlers, makeGrievance, page } from '../../../test/grievance-fixtures';
import { renderPage } from '../../../test/render-page';
import GrievanceListPage from '../GrievanceListPage';
import { listQuery, normalQuery, queryFromAddress, sameQuery, viewNameError } from './saved-views';
import { EMPTY_FILTERS } from '../list-filters';

const officer = makeUser({ role_name: 'SHO', permissions: [entry('grievances', { can_read: true })] });

const pending = makeGrievance({ id: 12, grievance_number: 'GRV-2025-000012', status: 'Pending' });
const resolved = makeGrievance({ id: 13, grievance_number: 'GRV-2025-000013', status: 'Resolved' });

const ALL = '/api/grievances?limit=50&view=summary';
const PENDING_BY_PRIORITY = '/api/grievances?status=Pending&sort=priority&direction=desc&limit=50&view=summary';
const RESOLVED = '/api/grievances?status=Resolved&limit=50&view=summary';

const MINE = { id: 'v1', name: 'My pending', query: 'status=Pending&sort=priority&direction=desc', density: 'comfortable', published: false } as const;
const STATION = { id: 'p1', name: 'Station queue', query: 'status=Resolved', density: 'compact', published: true } as const;

function views(overrides: Partial<Views> = {}): Views {
  return { views: [MINE, STATION], default_view: null, ...overrides };
}

function api(answer: Views | (() => Response), handlers: Parameters<typeof mockApi>[0] = {}) {
  return mockApi({
    ...listHandlers(),
    'GET /api/views': typeof answer === 'function' ? answer : () => jsonResponse(200, { success: true, data: answer }),
    [`GET ${ALL}`]: () => jsonResponse(200, page([pending, resolved])),
    [`GET ${PENDING_BY_PRIORITY}`]: () => jsonResponse(200, page([pending], { total: 2, matched: 1 })),
    [`GET ${RESOLVED}`]: () => jsonResponse(200, page([resolved], { total: 2, matched: 1 })),
    'GET /api/grievances?sort=priority&direction=desc&limit=50&view=summary': () => jsonResponse(200, page([pending, resolved])),
    ...handlers,
  });
}

const asked = (fetch: ReturnType<typeof mockApi>) => fetch.mock.calls.map(([url]) => String(url));

async function openMenu(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: 'Views' }));
  return screen.findByRole('menu');
}

describe('saved views: the rules', () => {
  it('keeps the filters and order of the list, in the order the list writes them', () => {
    expect(listQuery({ ...EMPTY_FILTERS, status: 'Pending', district: 'North' }, { sort: 'priority', direction: 'desc' })).toBe(
      'district=North&status=Pending&sort=priority&direction=desc',
    );
    expect(listQuery(EMPTY_FILTERS, { sort: 'filed_at', direction: 'desc' })).toBe('');
    expect(normalQuery('?sort=priority&status=Pending&limit=5')).toBe('status=Pending&sort=priority&direction=desc');
    expect(sameQuery('status=Pending&district=North', 'district=North&status=Pending')).toBe(true);
    expect(sameQuery('status=Pending', 'status=Resolved')).toBe(false);
  });

  it('takes the query out of a pasted address, or a typed query', () => {
    expect(queryFromAddress(' https://portal.example/grievances?status=Pending&overdue=true#top ')).toBe('status=Pending&overdue=true');
    expect(queryFromAddress('?status=Pending')).toBe('status=Pending');
    expect(queryFromAddress('status=Pending')).toBe('status=Pending');
    expect(queryFromAddress('/grievances')).toBe('');
  });

  it("words a name's problems as the server does", () => {
    expect(viewNameError('  ')).toBe('Give the view a name');
    expect(viewNameError('x'.repeat(61))).toBe("A view's name may have at most 60 characters");
    expect(viewNameError(' My queue ')).toBeNull();
  });
});

describe('the Views menu', () => {
  it("lists the user's views and the published ones, marked, and opens one with its filters, order and spacing", async () => {
    const fetch = api(views({ default_view: 'p1' }));
    const { router } = renderPage(<GrievanceListPage />, officer, '/grievances?status=Resolved');
    await screen.findByRole('link', { name: 'GRV-2025-000013' });
    const user = userEvent.setup();
    const menu = await openMenu(user);
    const items = within(menu).getAllByRole('menuitem');
    expect(items.map((item) => item.textContent)).toEqual([
      'My pending',
      // The list shows this one now: ticked, and said so.
      'Station queue(on screen)PublishedDefault',
      'Save view…',
      'Manage views…',
    ]);
    await user.click(within(menu).getByRole('menuitem', { name: /My pending/ }));
    await waitFor(() => expect(router.state.location.search).toBe('?status=Pending&sort=priority&direction=desc'));
    expect(await screen.findByText('Showing 1 of 2 grievances')).toBeInTheDocument();
    expect(asked(fetch)).toContain(PENDING_BY_PRIORITY);
    expect(screen.getByRole('table', { name: 'Grievances' })).toHaveClass('density-comfortable');
    expect(screen.getByRole('button', { name: 'Comfortable' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('says when there is no view yet, and still saves', async () => {
    api(views({ views: [] }));
    renderPage(<GrievanceListPage />, officer, '/grievances');
    await screen.findByRole('link', { name: 'GRV-2025-000012' });
    const menu = await openMenu(userEvent.setup());
    expect(within(menu).getByRole('menuitem', { name: 'No saved views yet' })).toBeDisabled();
    expect(within(menu).getByRole('menuitem', { name: 'Manage views…' })).toBeDisabled();
    expect(within(menu).getByRole('menuitem', { name: 'Save view…' })).toBeEnabled();
  });
});

describe('the default view', () => {
  it('opens the list with it when the list is opened bare, once: cleared filters stay cleared', async () => {
    const fetch = api(views({ default_view: 'v1' }));
    const { router } = renderPage(<GrievanceListPage />, officer, '/grievances');
    expect(await screen.findByText('Showing 1 of 2 grievances')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?status=Pending&sort=priority&direction=desc');
    expect(screen.getByText('Opened your default view "My pending"')).toBeInTheDocument();
    expect(screen.getByRole('table', { name: 'Grievances' })).toHaveClass('density-comfortable');
    // The bare list was never asked for: the default view's was the first.
    expect(asked(fetch).filter((url) => url.startsWith('/api/grievances?'))).toEqual([PENDING_BY_PRIORITY]);

    // Clear All leaves the order, and the default view is not put back.
    await userEvent.setup().click(screen.getByRole('button', { name: 'Clear All' }));
    await waitFor(() => expect(router.state.location.search).toBe('?sort=priority&direction=desc'));
    expect(await screen.findByText('Showing 2 of 2 grievances')).toBeInTheDocument();
    // Nor when the address goes bare again during the same visit.
    await act(() => router.navigate('/grievances'));
    await waitFor(() => expect(asked(fetch)).toContain(ALL));
    expect(await screen.findByText('Showing 2 of 2 grievances')).toBeInTheDocument();
    expect(router.state.location.search).toBe('');
  });

  it('leaves an address with filters as it is', async () => {
    const fetch = api(views({ default_view: 'v1' }));
    const { router } = renderPage(<GrievanceListPage />, officer, '/grievances?status=Resolved');
    expect(await screen.findByRole('link', { name: 'GRV-2025-000013' })).toBeInTheDocument();
    expect(router.state.location.search).toBe('?status=Resolved');
    expect(asked(fetch)).not.toContain(PENDING_BY_PRIORITY);
  });

  it('shows the list as it comes when the views cannot be read, or there is no default', async () => {
    api(() => jsonResponse(500, { error: 'Internal error', code: 'ERROR' }));
    const { router, unmount } = renderPage(<GrievanceListPage />, officer, '/grievances');
    expect(await screen.findByText('Showing 2 of 2 grievances')).toBeInTheDocument();
    expect(router.state.location.search).toBe('');
    unmount();

    api(views());
    renderPage(<GrievanceListPage />, officer, '/grievances');
    expect(await screen.findByText('Showing 2 of 2 grievances')).toBeInTheDocument();
  });
});

describe('Save view', () => {
  it('saves the filters, order and spacing on screen under the name given, made the default when asked', async () => {
    const saved = { id: 'v2', name: 'Resolved ones', query: 'status=Resolved&sort=priority&direction=desc', density: 'compact', published: false } as const;
    const fetch = api(views(), {
      'GET /api/grievances?status=Resolved&sort=priority&direction=desc&limit=50&view=summary': () => jsonResponse(200, page([resolved])),
      'POST /api/views': () => jsonResponse(201, { success: true, data: views({ views: [MINE, STATION, saved], default_view: 'v2' }) }),
    });
    renderPage(<GrievanceListPage />, officer, '/grievances?status=Resolved&sort=priority&direction=desc');
    await screen.findByRole('link', { name: 'GRV-2025-000013' });
    const user = userEvent.setup();
    await user.click(within(await openMenu(user)).getByRole('menuitem', { name: 'Save view…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Save view' });

    // A name is needed first, in the server's words.
    await user.click(within(dialog).getByRole('button', { name: 'Save view' }));
    expect(within(dialog).getByText('Give the view a name')).toBeInTheDocument();
    expect(sentBodies(fetch, 'POST', '/api/views')).toEqual([]);

    await user.type(within(dialog).getByLabelText(/^Name/), '  Resolved ones ');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Make this my default view' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save view' }));
    expect(await screen.findByText('View "Resolved ones" saved')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(sentBodies(fetch, 'POST', '/api/views')).toEqual([
      { name: 'Resolved ones', query: 'status=Resolved&sort=priority&direction=desc', density: 'compact', make_default: true },
    ]);
    // The menu has it at once, as the default and the one on screen.
    const menu = await openMenu(user);
    expect(within(menu).getByRole('menuitem', { name: /Resolved ones/ })).toHaveTextContent('Resolved ones(on screen)Default');
  });

  it("shows the server's refusal under the name", async () => {
    api(views(), {
      'POST /api/views': () =>
        jsonResponse(400, {
          error: 'At most 30 views can be saved; delete one first',
          code: 'TOO_MANY_VIEWS',
          params: { max: '30' },
        }),
    });
    renderPage(<GrievanceListPage />, officer, '/grievances?status=Resolved');
    await screen.findByRole('link', { name: 'GRV-2025-000013' });
    const user = userEvent.setup();
    await user.click(within(await openMenu(user)).getByRole('menuitem', { name: 'Save view…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Save view' });
    await user.type(within(dialog).getByLabelText(/^Name/), 'One more');
    await user.click(within(dialog).getByRole('button', { name: 'Save view' }));
    expect(await within(dialog).findByText('At most 30 views can be saved; delete one first')).toBeInTheDocument();
  });
});

describe('Manage views', () => {
  it('renames and deletes only the user\'s own views, and makes and clears the default', async () => {
    let current = views({ default_view: 'v1' });
    const fetch = api(() => jsonResponse(200, { success: true, data: current }), {
      'PUT /api/views/v1': (body) => {
        current = views({ views: [{ ...MINE, name: (body as { name: string }).name }, STATION], default_view: 'v1' });
        return jsonResponse(200, { success: true, data: current });
      },
      'PUT /api/views/default': (body) => {
        current = { ...current, default_view: (body as { view_id: string | null }).view_id };
        return jsonResponse(200, { success: true, data: current });
      },
      'DELETE /api/views/v1': () => {
        current = { views: [STATION], default_view: null };
        return jsonResponse(200, { success: true, message: 'View deleted' });
      },
    });
    renderPage(<GrievanceListPage />, officer, '/grievances?status=Resolved');
    await screen.findByRole('link', { name: 'GRV-2025-000013' });
    const user = userEvent.setup();
    await user.click(within(await openMenu(user)).getByRole('menuitem', { name: 'Manage views…' }));
    let dialog = await screen.findByRole('dialog', { name: 'Manage views' });
    const table = within(dialog).getByRole('table', { name: 'Manage views' });
    const stationRow = within(table).getByRole('row', { name: /Station queue/ });
    // A published view: made the default, never renamed or deleted.
    expect(within(stationRow).queryByRole('button', { name: /Rename/ })).not.toBeInTheDocument();
    expect(within(stationRow).queryByRole('button', { name: /Delete/ })).not.toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Rename My pending' }));
    const rename = await screen.findByRole('dialog', { name: 'Rename view' });
    const name = within(rename).getByLabelText(/^Name/);
    expect(name).toHaveValue('My pending');
    await user.clear(name);
    await user.type(name, 'Urgent first');
    await user.click(within(rename).getByRole('button', { name: 'Rename' }));
    dialog = await screen.findByRole('dialog', { name: 'Manage views' });
    expect(within(dialog).getByText('View renamed to "Urgent first"')).toBeInTheDocument();
    // Its filters and spacing stay; it stays the default.
    expect(sentBodies(fetch, 'PUT', '/api/views/v1')).toEqual([
      { name: 'Urgent first', query: MINE.query, density: 'comfortable', make_default: true },
    ]);

    await user.click(within(dialog).getByRole('button', { name: 'Make Station queue my default view' }));
    expect(await within(dialog).findByText('The list now opens with "Station queue"')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Stop opening the list with Station queue' }));
    expect(await within(dialog).findByText('The list now opens without a default view')).toBeInTheDocument();
    expect(sentBodies(fetch, 'PUT', '/api/views/default')).toEqual([{ view_id: 'p1' }, { view_id: null }]);

    await user.click(within(dialog).getByRole('button', { name: 'Delete Urgent first' }));
    const confirm = screen.getByRole('alertdialog', { name: 'Delete View' });
    expect(confirm).toHaveTextContent('Delete the view "Urgent first"?');
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    dialog = await screen.findByRole('dialog', { name: 'Manage views' });
    expect(within(dialog).getByText('View "Urgent first" deleted')).toBeInTheDocument();
    expect(within(dialog).queryByText('Urgent first', { selector: 'th' })).not.toBeInTheDocument();
    expect(fetch.mock.calls.some(([url, init]) => url === '/api/views/v1' && init?.method === 'DELETE')).toBe(true);
  });
});

describe('publishing the list to a role', () => {
  it('is offered to an Admin Panel keeper, and opens its tab with the list as it is', async () => {
    api(views());
    const keeper = makeUser({ permissions: [entry('grievances', { can_read: true }), entry('dropdowns', { can_read: true, can_update: true })] });
    const { router, unmount } = renderPage(<GrievanceListPage />, keeper, '/grievances?status=Resolved');
    await screen.findByRole('link', { name: 'GRV-2025-000013' });
    const user = userEvent.setup();
    await user.click(within(await openMenu(user)).getByRole('menuitem', { name: 'Publish to a role…' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin'));
    expect(router.state.location.search).toBe('?list=published_views&query=status%3DResolved');
    unmount();

    renderPage(<GrievanceListPage />, officer, '/grievances?status=Resolved');
    await screen.findByRole('link', { name: 'GRV-2025-000013' });
    expect(within(await openMenu(user)).queryByRole('menuitem', { name: 'Publish to a role…' })).not.toBeInTheDocument();
  });
});
