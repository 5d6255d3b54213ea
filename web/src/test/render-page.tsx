import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { SWRConfig } from 'swr';
import { swrFetcher } from '../api/client';
import type { SessionUser } from '../api/types';
import { StaticSession } from './session';

/**
 * Renders one screen for a signed-in user, with a fresh SWR cache and a router.
 * With a route `pattern` (e.g. '/grievances/:id') the screen gets its params,
 * the screens of `others` their paths, and any other path shows 'Another screen'.
 */
export function renderPage(ui: ReactElement, user: SessionUser, path = '/', pattern = '*', others: RouteObject[] = []) {
  const routes =
    pattern === '*'
      ? [{ path: '*', element: ui }]
      : [
          { path: pattern, element: ui },
          ...others,
          { path: '*', element: <p>Another screen</p> },
        ];
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const view = render(
    <SWRConfig value={{ provider: () => new Map(), fetcher: swrFetcher, dedupingInterval: 0, shouldRetryOnError: false }}>
      <StaticSession status="authenticated" user={user}>
        <RouterProvider router={router} />
      </StaticSession>
    </SWRConfig>,
  );
  return { router, ...view };
}
