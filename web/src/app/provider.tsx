// Providers around the whole app: theme, data fetching, session (and its end's warning).
import { lazy, Suspense, type ReactNode } from 'react';
import { ThemeProvider } from '@aws-amplify/ui-react';
import { SWRConfig } from 'swr';
import { swrFetcher } from '../api/client';
import { ApiError } from '../api/errors';
import { SessionProvider } from '../features/auth/SessionProvider';
import { portalTheme } from './theme';

const swrOptions = {
  fetcher: swrFetcher,
  revalidateOnFocus: false,
  // Client errors (401/403/404...) will not heal by retrying.
  shouldRetryOnError: (error: unknown) => !(error instanceof ApiError && error.status < 500),
};

// The warning before a session ends is not the login page's to load; if its code cannot be
// fetched, the app goes on without it.
const SessionTimeout = lazy(() =>
  import('../features/auth/session-timeout/SessionTimeout')
    .then((module) => ({ default: module.SessionTimeout }))
    .catch(() => ({ default: () => null })),
);

export function AppProvider({ children }: { children: ReactNode }) {
  return (
    <ThemeProvider theme={portalTheme}>
      <SWRConfig value={swrOptions}>
        <SessionProvider>
          {children}
          <Suspense fallback={null}>
            <SessionTimeout />
          </Suspense>
        </SessionProvider>
      </SWRConfig>
    </ThemeProvider>
  );
}
