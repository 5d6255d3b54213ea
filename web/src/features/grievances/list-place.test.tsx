import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockApi } from '../../test/api-mock';
import { entry, jsonResponse, makeUser } from '../../test/fixtures';
import { listHandlers, makeGrievance, page } from '../../test/grievance-fixtures';
import { renderPage } from '../../test/render-page';
import GrievanceDetailPage from './GrievanceDetailPage';
import GrievanceListPage from './GrievanceListPage';
import { listPlacePath } from './list-place';

const editor = makeUser({ role_name: 'Editor', permissions: [entry('grievances', { can_read: true, can_update: true })] });
const resolved = makeGrievance({ status: 'Resolved' });

function render() {
  mockApi({
    ...listHandlers(),
    'GET /api/grievances?status=Resolved&sort=priority&direction=asc&limit=50&view=summary': () => jsonResponse(200, page([resolved])),
    'GET /api/grievances/12': () => jsonResponse(200, { success: true, data: resolved }),
    'GET /api/grievances/12/history': () => jsonResponse(200, { success: true, data: [] }),
    'GET /api/grievances/12/attachments': () => jsonResponse(200, { success: true, data: [] }),
    'GET /api/grievances/12/notes': () => jsonResponse(200, { success: true, data: [] }),
  });
  return renderPage(<GrievanceListPage />, editor, '/grievances?status=Resolved&sort=priority&direction=asc', '/grievances', [
    { path: '/grievances/:id', element: <GrievanceDetailPage /> },
  ]);
}

describe('the list keeps its place', () => {
  beforeEach(() => sessionStorage.clear());

  it('returns from a grievance to the list with its filters and sort, scrolled to where the user was', async () => {
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
    const { router } = render();
    const user = userEvent.setup();
    await screen.findByRole('link', { name: 'GRV-2025-000012' });
    Object.defineProperty(window, 'scrollY', { value: 840, configurable: true });
    window.dispatchEvent(new Event('scroll'));
    // Kept on the next frame after the scroll.
    await waitFor(() => expect(JSON.parse(sessionStorage.getItem('grievances.listPlace') ?? '{}')).toEqual({ search: '?status=Resolved&sort=priority&direction=asc', scrollY: 840 }));
    expect(listPlacePath()).toBe('/grievances?status=Resolved&sort=priority&direction=asc');

    await user.click(screen.getByRole('link', { name: 'GRV-2025-000012' }));
    await screen.findByRole('heading', { level: 1, name: 'GRV-2025-000012' });
    Object.defineProperty(window, 'scrollY', { value: 0, configurable: true });
    await user.click(screen.getByRole('link', { name: 'Back' }));

    await screen.findByRole('link', { name: 'GRV-2025-000012' });
    expect(router.state.location.search).toBe('?status=Resolved&sort=priority&direction=asc');
    await waitFor(() => expect(scrollTo).toHaveBeenCalledWith({ top: 840, behavior: 'instant' }));
    scrollTo.mockRestore();
  });

  it('sends Back to the plain list when no place is kept, or a kept one is not a query', () => {
    expect(listPlacePath()).toBe('/grievances');
    sessionStorage.setItem('grievances.listPlace', JSON.stringify({ search: '//elsewhere.example', scrollY: 10 }));
    expect(listPlacePath()).toBe('/grievances');
  });
});
