import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { SWRConfig } from 'swr';
import { swrFetcher } from '../api/client';
import type { SessionUser } from '../api/types';
import { StaticSession } from './session';

/** Renders one screen for a signed-in user, with a fresh SWR cache and a router. */
export function renderPage(ui: ReactElement, user: SessionUser, path = '/') {
  const router = createMemoryRouter([{ path: '*', element: ui }], { initialEntries: [path] });
  const view = render(
    <SWRConfig value={{ provider: () => new Map(), fetcher: swrFetcher, dedupingInterval: 0, shouldRetryOnError: false }}>
      <StaticSession status="authenticated" user={user}>
        <RouterProvider router={router} />
      </StaticSession>
    </SWRConfig>,
  );
  return { router, ...view };
}
