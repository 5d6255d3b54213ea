import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PublishedView } from '../../api/types';
import { mockApi, sentBodies } from '../../test/api-mock';
import { entry, jsonResponse, makeUser } from '../../test/fixtures';
import { renderPage } from '../../test/render-page';
import AdminPage from './AdminPage';

const reader = makeUser({ role_name: 'Reader', permissions: [entry('dropdowns', { can_read: true }), entry('roles', { can_read: true })] });
const keeper = makeUser({
  role_name: 'Keeper',
  permissions: [entry('dropdowns', { can_read: true, can_update: true }), entry('roles', { can_read: true })],
});
const KEY = '/api/admin/published-views';
const roles = [
  { id: 1, name: 'Admin', description: '', permissions: [], user_count: 1 },
  { id: 4, name: 'SHO', description: '', permissions: [], user_count: 12 },
];
const QUEUE: PublishedView = { id: 'p1', name: 'Station queue', query: 'status=Pending&sort=priority&direction=desc', density: 'comfortable', role_id: 4 };

function render(user = keeper, path = '/admin?list=published_views', handlers: Parameters<typeof mockApi>[0] = {}) {
  let published: PublishedView[] = [QUEUE];
  const fetch = mockApi({
    [`GET ${KEY}`]: () => jsonResponse(200, { success: true, data: published }),
    'GET /api/roles': () => jsonResponse(200, { success: true, data: roles }),
    'GET /api/views': () => jsonResponse(200, { success: true, data: { views: [], default_view: null } }),
    [`POST ${KEY}`]: (body) => {
      const view = { id: 'p2', ...(body as Omit<PublishedView, 'id'>) };
      published = [...published, view];
      return jsonResponse(201, { success: true, data: view });
    },
    [`DELETE ${KEY}/p1`]: () => {
      published = published.filter((view) => view.id !== 'p1');
      return jsonResponse(200, { success: true, message: 'View withdrawn' });
    },
    ...handlers,
  });
  renderPage(<AdminPage />, user, path);
  return fetch;
}

describe('published views', () => {
  it('lists the views published to roles in a tab of their own, read-only without dropdowns update', async () => {
    render(reader);
    expect(screen.getByRole('tab', { name: 'Published views' })).toHaveAttribute('aria-selected', 'true');
    const table = await screen.findByRole('table', { name: 'Published views' });
    const row = await within(table).findByRole('row', { name: /Station queue/ });
    expect(row).toHaveTextContent('SHO');
    expect(row).toHaveTextContent('status=Pending&sort=priority&direction=desc');
    expect(row).toHaveTextContent('Comfortable');
    expect(screen.queryByRole('heading', { name: 'Publish a view' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Withdraw/ })).not.toBeInTheDocument();
  });

  it('publishes the query of a pasted list address to a role, with its row spacing', async () => {
    const fetch = render();
    await screen.findByRole('row', { name: /Station queue/ });
    const user = userEvent.setup();
    const publish = screen.getByRole('button', { name: 'Publish' });
    await user.click(publish);
    expect(screen.getByText('Give the view a name')).toBeInTheDocument();
    expect(screen.getByText('Choose the role to publish the view to')).toBeInTheDocument();
    expect(sentBodies(fetch, 'POST', KEY)).toEqual([]);

    await user.type(screen.getByLabelText(/^Name/), 'Overdue at the station');
    await user.type(screen.getByLabelText('List address or filters'), 'https://portal.example/grievances?overdue=true&sort=priority&direction=desc');
    expect(screen.getByText('Keeps: overdue=true&sort=priority&direction=desc')).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Row spacing'), 'Comfortable');
    await user.selectOptions(screen.getByLabelText(/^Role/), 'SHO');
    await user.click(publish);
    expect(await screen.findByText('"Overdue at the station" published to SHO')).toBeInTheDocument();
    expect(sentBodies(fetch, 'POST', KEY)).toEqual([
      { name: 'Overdue at the station', query: 'overdue=true&sort=priority&direction=desc', density: 'comfortable', role_id: 4 },
    ]);
    expect(await screen.findByRole('row', { name: /Overdue at the station/ })).toHaveTextContent('SHO');
    // The form starts again.
    expect(screen.getByLabelText(/^Name/)).toHaveValue('');
  });

  it("starts from the query the list's Views menu sends, and shows the server's word on a query it will not keep", async () => {
    render(keeper, '/admin?list=published_views&query=status%3DPending', {
      [`POST ${KEY}`]: () =>
        jsonResponse(400, {
          error: "A view keeps only the list's filters and order",
          code: 'VIEW_QUERY_INVALID',
          fields: { query: "A view keeps only the list's filters and order" },
          field_codes: { query: { code: 'VIEW_QUERY_INVALID' } },
        }),
    });
    const address = await screen.findByLabelText('List address or filters');
    expect(address).toHaveValue('status=Pending');
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(/^Name/), 'Pending');
    await user.selectOptions(screen.getByLabelText(/^Role/), 'SHO');
    await user.click(screen.getByRole('button', { name: 'Publish' }));
    expect(await screen.findByText("A view keeps only the list's filters and order")).toBeInTheDocument();
  });

  it('withdraws a published view after asking', async () => {
    const fetch = render();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Withdraw Station queue' }));
    const confirm = screen.getByRole('alertdialog', { name: 'Withdraw Published View' });
    expect(confirm).toHaveTextContent('Withdraw "Station queue" from SHO? Its holders will no longer find it under Views.');
    await user.click(within(confirm).getByRole('button', { name: 'Withdraw' }));
    expect(await screen.findByText('"Station queue" withdrawn from SHO')).toBeInTheDocument();
    expect(fetch.mock.calls.some(([url, init]) => url === `${KEY}/p1` && init?.method === 'DELETE')).toBe(true);
    expect(await screen.findByText('No view is published yet.')).toBeInTheDocument();
  });
});
