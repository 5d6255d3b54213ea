import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockApi } from '../../../test/api-mock';
import { entry, jsonResponse, makeUser } from '../../../test/fixtures';
import { listHandlers, makeGrievance, page } from '../../../test/grievance-fixtures';
import { renderPage } from '../../../test/render-page';
import GrievanceListPage from '../GrievanceListPage';
import { exactNumberKey, looksLikeNumber } from './api/lookup';

const reader = makeUser({ role_name: 'Reader', permissions: [entry('grievances', { can_read: true })] });
const older = makeGrievance({ id: 12, grievance_number: 'GRV-2025-000012', fir_no: 'SB-12/2025', police_station: 'Civil Lines' });
const other = makeGrievance({ id: 13, grievance_number: 'GRV-2025-000013', fir_no: 'SB-12/2025', police_station: 'City Kotwali' });
const exact = (number: string) => `/api/grievances/lookup?number=${encodeURIComponent(number)}&match=exact&limit=5`;
const found = (...data: ReturnType<typeof makeGrievance>[]) =>
  jsonResponse(200, { success: true, data, next_cursor: null, bounded: false, examined: data.length });
const searched = (text: string) => `/api/grievances?search=${encodeURIComponent(text).replace(/%20/g, '+')}&limit=50&view=summary`;

function api(handlers: Parameters<typeof mockApi>[0]) {
  return mockApi({ ...listHandlers(), 'GET /api/grievances?limit=50&view=summary': () => jsonResponse(200, page([older, other])), ...handlers });
}

const asked = (fetch: ReturnType<typeof api>) => fetch.mock.calls.map(([url]) => String(url));

describe('a whole number in the search', () => {
  it('reads as a number only when written with a number\'s characters and a digit', () => {
    expect(['GRV-2025-000012', ' grv-2025-000012 ', 'SB-12/2025', '45/2024', '12'].map(looksLikeNumber)).toEqual([true, true, true, true, true]);
    expect(['bike', 'Ravi Kumar', 'GRV', '7', 'SB 12/2025', ''].map(looksLikeNumber)).toEqual([false, false, false, false, false, false]);
    expect(exactNumberKey(' sb-12/2025 ')).toBe('/grievances/lookup?number=SB-12%2F2025&match=exact&limit=5');
    expect(exactNumberKey('bike')).toBeNull();
  });

  it("offers 'Open <number>' above the results, which opens the grievance", async () => {
    const fetch = api({
      [`GET ${searched('GRV-2025-000012')}`]: () => jsonResponse(200, page([older], { total: 2, matched: 1 })),
      [`GET ${exact('GRV-2025-000012')}`]: () => found(older),
    });
    const { router } = renderPage(<GrievanceListPage />, reader, '/grievances?search=GRV-2025-000012', '/grievances', [
      { path: '/grievances/:id', element: <p>Grievance screen</p> },
    ]);
    const offer = await screen.findByRole('list', { name: 'Grievances with this number' });
    const link = screen.getByRole('link', { name: 'Open GRV-2025-000012' });
    expect(link).toHaveAttribute('href', '/grievances/12');
    expect(offer).toHaveTextContent('FIR SB-12/2025 · Civil Lines');
    // Above the results, which still answer the search.
    expect(await screen.findByText('Showing 1 of 2 grievances')).toBeInTheDocument();
    expect(offer.compareDocumentPosition(screen.getByRole('table', { name: 'Grievances' })) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(asked(fetch)).toContain(exact('GRV-2025-000012'));
    await userEvent.setup().click(link);
    await waitFor(() => expect(router.state.location.pathname).toBe('/grievances/12'));
  });

  it('asks by the FIR number typed in the search box, in capitals, and offers each grievance with it', async () => {
    const fetch = api({
      [`GET ${searched('sb-12/2025')}`]: () => jsonResponse(200, page([older, other], { total: 2, matched: 2 })),
      [`GET ${exact('SB-12/2025')}`]: () => found(other, older),
    });
    renderPage(<GrievanceListPage />, reader, '/grievances');
    await screen.findByText('Showing 2 of 2 grievances');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: /^Search & Filters/ }));
    await user.type(screen.getByLabelText('Search'), 'sb-12/2025');
    expect(await screen.findByRole('link', { name: 'Open GRV-2025-000013' })).toHaveAttribute('href', '/grievances/13');
    expect(screen.getByRole('link', { name: 'Open GRV-2025-000012' })).toHaveAttribute('href', '/grievances/12');
    expect(asked(fetch).filter((url) => url.includes('/lookup'))).toEqual([exact('SB-12/2025')]);
  });

  it('offers nothing for words, for a number nobody has, or when the lookup fails', async () => {
    const fetch = api({
      [`GET ${searched('bike')}`]: () => jsonResponse(200, page([older], { total: 2, matched: 1 })),
      [`GET ${searched('GRV-2024-000001')}`]: () => jsonResponse(200, page([], { total: 2, matched: 0 })),
      [`GET ${exact('GRV-2024-000001')}`]: () => found(),
      [`GET ${searched('GRV-2024-000002')}`]: () => jsonResponse(200, page([], { total: 2, matched: 0 })),
      [`GET ${exact('GRV-2024-000002')}`]: () => new Response('', { status: 500 }),
    });
    const { router, unmount } = renderPage(<GrievanceListPage />, reader, '/grievances?search=bike');
    await screen.findByText('Showing 1 of 2 grievances');
    expect(asked(fetch).filter((url) => url.includes('/lookup'))).toEqual([]);

    await router.navigate('/grievances?search=GRV-2024-000001');
    await screen.findByRole('heading', { name: 'No Matching Results' });
    await waitFor(() => expect(asked(fetch)).toContain(exact('GRV-2024-000001')));
    expect(screen.queryByRole('link', { name: /^Open / })).not.toBeInTheDocument();
    unmount();

    renderPage(<GrievanceListPage />, reader, '/grievances?search=GRV-2024-000002');
    await screen.findByRole('heading', { name: 'No Matching Results' });
    await waitFor(() => expect(asked(fetch)).toContain(exact('GRV-2024-000002')));
    expect(screen.queryByRole('list', { name: 'Grievances with this number' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /^Open / })).not.toBeInTheDocument();
  });
});
