// The bell in the shell's top bar, beside the user menu, and the Notifications screen
// in the route table: any signed-in user reaches it, whatever their role.
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { SWRConfig } from 'swr';
import { swrFetcher } from '../../api/client';
import { routes } from '../../app/routes';
import { mockApi } from '../../test/api-mock';
import { jsonResponse, makeUser } from '../../test/fixtures';
import { StaticSession } from '../../test/session';

const reader = makeUser({ name: 'Ravi Kumar', role_name: 'Clerk', permissions: [] });

function renderApp(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(
    <SWRConfig value={{ provider: () => new Map(), fetcher: swrFetcher, dedupingInterval: 0, shouldRetryOnError: false }}>
      <StaticSession status="authenticated" user={reader}>
        <RouterProvider router={router} />
      </StaticSession>
    </SWRConfig>,
  );
  return router;
}

describe('notifications in the shell', () => {
  it('puts the bell in the top bar before the user menu, and its panel leads to the Notifications screen', async () => {
    mockApi({
      'GET /api/notifications/unread': () => jsonResponse(200, { success: true, data: { unread: 1 } }),
      'GET /api/notifications': () => jsonResponse(200, { success: true, data: { items: [], unread: 0, cursor: null } }),
    });
    const user = userEvent.setup();
    const router = renderApp('/dashboard');
    const banner = await screen.findByRole('banner');
    const bell = await within(banner).findByRole('button', { name: 'Notifications, 1 unread' });
    const userMenu = within(banner).getByRole('button', { name: 'User menu for Ravi Kumar' });
    expect(bell.compareDocumentPosition(userMenu) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();

    await user.click(bell);
    await user.click(await within(banner).findByRole('link', { name: 'See all notifications' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Notifications' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/notifications');
    expect(await screen.findByText('No notifications yet.')).toBeInTheDocument();
    // The list answered none unread: the bell agrees.
    expect(await within(banner).findByRole('button', { name: 'Notifications' })).toHaveAttribute('aria-expanded', 'false');
  });
});
