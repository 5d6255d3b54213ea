import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { SessionUser } from '../api/types';
import { routes } from '../app/routes';
import type { SessionStatus } from '../features/auth/session-context';
import { StaticSession } from './session';

/** Renders the app's real route table at `path` with a fixed session. */
export function renderRoutes(path: string, status: SessionStatus, user: SessionUser | null = null) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const view = render(
    <StaticSession status={status} user={user}>
      <RouterProvider router={router} />
    </StaticSession>,
  );
  return { router, ...view };
}
