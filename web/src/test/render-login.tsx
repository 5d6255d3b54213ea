import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { LoginPage } from '../features/auth/LoginPage';
import { SessionProvider } from '../features/auth/SessionProvider';

/**
 * The login page at '/' under the real session provider, with a stand-in dashboard at
 * '/dashboard' (and the stand-ins of `others`) for a signed-in user to be sent to.
 */
export function renderLogin(others: RouteObject[] = []) {
  const router = createMemoryRouter(
    [{ path: '/', element: <LoginPage /> }, { path: '/dashboard', element: <h1>Dashboard</h1> }, ...others],
    { initialEntries: ['/'] },
  );
  render(
    <SessionProvider>
      <RouterProvider router={router} />
    </SessionProvider>,
  );
  return router;
}
