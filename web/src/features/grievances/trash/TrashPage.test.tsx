// The Trash: deleted grievances listed newest deletion first with who deleted them, why and
// until when they are kept; 'Load more' by the server's cursor; a restore asked for by
// name, sent, and followed to the case; the server's refusal shown; the screen and its
// navigation link only for holders of the grievances delete permission.
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { SWRConfig } from 'swr';
import { swrFetcher } from '../../../api/client';
import { routes } from '../../../app/routes';
import { mockApi, sentBodies } from '../../../test/api-mock';
import { entry, jsonResponse, makeUser } from '../../../test/fixtures';
import { renderPage } from '../../../test/render-page';
import { StaticSession } from '../../../test/session';
import type { TrashedGrievance } from './api/trash';
import TrashPage from './TrashPage';

const keeper = makeUser({ permissions: [entry('grievances', { can_read: true, can_delete: true })] });
const reader = makeUser({ permissions: [entry('grievances', { can_read: true, can_update: true })] });

const FIRST = '/api/grievances/trash?limit=50';
const SECOND = '/api/grievances/trash?limit=50&cursor=c%2F2';

function trashed(id: number, extra: Partial<TrashedGrievance> = {}): TrashedGrievance {
  return {
    id,
    grievance_number: `GRV-2025-0000${id}`,
    fir_no: `FIR-${id}/2025`,
    crime_title: 'Cheating and Fraud',
    police_station: 'City Kotwali',
    district: 'Central District',
    deleted_at: '2025-03-10T09:15:00Z',
    deleted_by_name: 'Asha Verma',
    reason: 'Filed twice by mistake',
    purge_after: '2025-06-08',
    notes: 3,
    attachments: 2,
    ...extra,
  };
}

const page = (data: TrashedGrievance[], next_cursor: string | null = null) => jsonResponse(200, { success: true, data, next_cursor });

/** The Trash at its address, and any grievance's screen showing the notice it was sent with. */
function renderTrash(handlers: Parameters<typeof mockApi>[0]) {
  const fetch = mockApi(handlers);
  const view = renderPage(<TrashPage />, keeper, '/grievances/trash', '/grievances/trash', [{ path: '/grievances/:id', element: <CaseScreen /> }]);
  return { fetch, ...view };
}

function CaseScreen() {
  const { pathname, state } = useLocation();
  return (
    <p>
      Case {pathname}: {(state as { notice?: string } | null)?.notice}
    </p>
  );
}

const table = () => screen.findByRole('table', { name: 'Deleted grievances' });
const rowOf = async (number: string) => within(await table()).getByRole('row', { name: new RegExp(number) });

describe('the Trash', () => {
  it('lists each deleted grievance with who deleted it, when, why, until when it is kept and what it holds', async () => {
    renderTrash({ [`GET ${FIRST}`]: () => page([trashed(15), trashed(16, { reason: null, notes: 0, attachments: 1, deleted_by_name: 'Ravi Kumar' })]) });
    expect(screen.getByRole('heading', { level: 1, name: 'Trash' })).toBeInTheDocument();
    const headers = within(await table()).getAllByRole('columnheader').map((cell) => cell.textContent);
    expect(headers).toEqual([
      'Grievance Number',
      'FIR Number',
      'Police Station',
      'Deleted on',
      'Deleted by',
      'Reason',
      'Purge after',
      'Notes',
      'Attachments',
      'Actions',
    ]);
    const first = await rowOf('GRV-2025-000015');
    expect(first).toHaveTextContent('FIR-15/2025');
    expect(first).toHaveTextContent('City Kotwali');
    expect(first).toHaveTextContent('Central District');
    expect(first).toHaveTextContent('Asha Verma');
    expect(first).toHaveTextContent('Filed twice by mistake');
    expect(first).toHaveTextContent('10 Mar 2025');
    expect(first).toHaveTextContent('8 Jun 2025');
    const second = await rowOf('GRV-2025-000016');
    expect(second).toHaveTextContent('Not given');
    expect(second).toHaveTextContent('Ravi Kumar');
    expect(screen.getByText('2 deleted grievances shown')).toBeInTheDocument();
    // No more pages: nothing to load.
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('says when the trash is empty', async () => {
    renderTrash({ [`GET ${FIRST}`]: () => page([]) });
    expect(await screen.findByText('The trash is empty')).toBeInTheDocument();
  });

  it("asks for the next page by the last page's cursor", async () => {
    const { fetch } = renderTrash({
      [`GET ${FIRST}`]: () => page([trashed(15)], 'c/2'),
      [`GET ${SECOND}`]: () => page([trashed(16)]),
    });
    await rowOf('GRV-2025-000015');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Load more' }));
    expect(await rowOf('GRV-2025-000016')).toBeInTheDocument();
    expect(await rowOf('GRV-2025-000015')).toBeInTheDocument();
    expect(fetch.mock.calls.map(([url]) => url)).toContain(SECOND);
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument());
  });

  it('restores a grievance after a confirmation naming it, then opens it with a notice', async () => {
    const { fetch, router } = renderTrash({
      [`GET ${FIRST}`]: () => page([trashed(15)]),
      'POST /api/grievances/15/restore': () => jsonResponse(200, { success: true, data: { id: 15, grievance_number: 'GRV-2025-000015' } }),
    });
    const user = userEvent.setup();
    await user.click(within(await rowOf('GRV-2025-000015')).getByRole('button', { name: 'Restore GRV-2025-000015' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Restore Grievance' });
    expect(dialog).toHaveTextContent(
      'Restore grievance GRV-2025-000015 (FIR FIR-15/2025, City Kotwali)? It goes back to the grievance list with its case notes and attachments.',
    );
    // Cancel first: nothing is sent.
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(sentBodies(fetch, 'POST', '/api/grievances/15/restore')).toEqual([]);

    await user.click(within(await rowOf('GRV-2025-000015')).getByRole('button', { name: 'Restore GRV-2025-000015' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Restore' }));
    expect(await screen.findByText('Case /grievances/15: Grievance GRV-2025-000015 restored.')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/grievances/15');
    expect(sentBodies(fetch, 'POST', '/api/grievances/15/restore')).toEqual([undefined]);
  });

  it("shows the server's refusal and reads the trash again", async () => {
    let reads = 0;
    const { router } = renderTrash({
      [`GET ${FIRST}`]: () => {
        reads += 1;
        return page(reads === 1 ? [trashed(15)] : []);
      },
      'POST /api/grievances/15/restore': () =>
        jsonResponse(404, { error: 'This grievance is not in the trash', code: 'TRASH_NOT_FOUND' }, 'Not Found'),
    });
    const user = userEvent.setup();
    await user.click(within(await rowOf('GRV-2025-000015')).getByRole('button', { name: 'Restore GRV-2025-000015' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Restore' }));
    expect(await screen.findByText('This grievance is not in the trash')).toBeInTheDocument();
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/grievances/trash');
    expect(await screen.findByText('The trash is empty')).toBeInTheDocument();
  });

  it('says a conflict in the words the server gives', async () => {
    renderTrash({
      [`GET ${FIRST}`]: () => page([trashed(15)]),
      'POST /api/grievances/15/restore': () =>
        jsonResponse(409, { error: 'A grievance with this FIR number is already on the list', code: 'SOME_CONFLICT' }, 'Conflict'),
    });
    const user = userEvent.setup();
    await user.click(within(await rowOf('GRV-2025-000015')).getByRole('button', { name: 'Restore GRV-2025-000015' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Restore' }));
    expect(await screen.findByText('A grievance with this FIR number is already on the list')).toBeInTheDocument();
  });
});

describe('the way to the Trash', () => {
  function renderApp(path: string, user = keeper) {
    mockApi({
      [`GET ${FIRST}`]: () => page([]),
      'GET /api/notifications/unread': () => jsonResponse(200, { success: true, data: { unread: 0 } }),
    });
    const router = createMemoryRouter(routes, { initialEntries: [path] });
    render(
      <SWRConfig value={{ provider: () => new Map(), fetcher: swrFetcher, dedupingInterval: 0, shouldRetryOnError: false }}>
        <StaticSession status="authenticated" user={user}>
          <RouterProvider router={router} />
        </StaticSession>
      </SWRConfig>,
    );
    return router;
  }

  it('is a link of the navigation for those who may delete grievances, lit instead of Grievances', async () => {
    const router = renderApp('/grievances/trash');
    expect(await screen.findByRole('heading', { level: 1, name: 'Trash' })).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Main navigation' });
    expect(within(nav).getByRole('link', { name: 'Trash' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('link', { name: 'Grievances' })).not.toHaveAttribute('aria-current');
    expect(router.state.location.pathname).toBe('/grievances/trash');
  });

  it('is neither shown nor opened without the delete permission', async () => {
    const router = renderApp('/grievances/trash', reader);
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    const nav = await screen.findByRole('navigation', { name: 'Main navigation' });
    expect(within(nav).getByRole('link', { name: 'Grievances' })).toBeInTheDocument();
    expect(within(nav).queryByRole('link', { name: 'Trash' })).not.toBeInTheDocument();
  });
});
