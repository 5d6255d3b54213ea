// Providers around the whole app: theme, data fetching, session.
import type { ReactNode } from 'react';
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

export function AppProvider({ children }: { children: ReactNode }) {
  return (
    <ThemeProvider theme={portalTheme}>
      <SWRConfig value={swrOptions}>
        <SessionProvider>{children}</SessionProvider>
      </SWRConfig>
    </ThemeProvider>
  );
}
