import { act, render, screen } from '@testing-library/react';
import { getToken, saveSession } from '../../api/token-store';
import { api, browser } from '../../api/client';
import { jsonResponse, makeUser, mockFetch } from '../../test/fixtures';
import { SessionProvider } from './SessionProvider';
import { useSession } from './use-session';

let current: ReturnType<typeof useSession> | null = null;

function Probe() {
  current = useSession();
  return <p>{`${current.status}:${current.user?.name ?? '-'}`}</p>;
}

function renderSession() {
  return render(
    <SessionProvider>
      <Probe />
    </SessionProvider>,
  );
}

describe('session', () => {
  beforeEach(() => {
    vi.spyOn(browser, 'pathname').mockReturnValue('/');
    vi.spyOn(browser, 'redirect').mockImplementation(() => undefined);
  });

  it('is signed out at once without a stored token', () => {
    const fetch = mockFetch(() => jsonResponse(200, {}));
    renderSession();
    expect(screen.getByText('anonymous:-')).toBeInTheDocument();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('confirms a stored token with /api/auth/verify and takes the fresh user', async () => {
    saveSession('tok', makeUser({ name: 'Old Name' }));
    const fetch = mockFetch(() => jsonResponse(200, { valid: true, user: makeUser({ name: 'New Name' }) }));
    renderSession();
    expect(screen.getByText('loading:Old Name')).toBeInTheDocument();
    expect(await screen.findByText('authenticated:New Name')).toBeInTheDocument();
    expect(fetch.mock.calls[0][0]).toBe('/api/auth/verify');
  });

  it('signs out when verify answers 401', async () => {
    saveSession('expired', makeUser());
    mockFetch(() => jsonResponse(401, { error: 'Session expired' }, 'Unauthorized'));
    renderSession();
    expect(await screen.findByText('anonymous:-')).toBeInTheDocument();
    expect(getToken()).toBeNull();
  });

  it('keeps the stored session when the server cannot be reached', async () => {
    saveSession('tok', makeUser({ name: 'Asha Verma' }));
    mockFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    renderSession();
    expect(await screen.findByText('authenticated:Asha Verma')).toBeInTheDocument();
  });

  it('follows a 401 from any other call', async () => {
    saveSession('tok', makeUser({ name: 'Asha Verma' }));
    mockFetch(() => jsonResponse(200, { valid: true, user: makeUser({ name: 'Asha Verma' }) }));
    renderSession();
    await screen.findByText('authenticated:Asha Verma');
    mockFetch(() => jsonResponse(401, { error: 'Session expired' }, 'Unauthorized'));
    await act(async () => {
      await api.get('/grievances').catch(() => undefined);
    });
    expect(screen.getByText('anonymous:-')).toBeInTheDocument();
  });

  it('clears the local session on logout even when the server call fails', async () => {
    saveSession('tok', makeUser({ name: 'Asha Verma' }));
    mockFetch((url) =>
      url.endsWith('/verify')
        ? jsonResponse(200, { valid: true, user: makeUser({ name: 'Asha Verma' }) })
        : jsonResponse(500, { error: 'Internal error' }, 'Internal Server Error'),
    );
    renderSession();
    await screen.findByText('authenticated:Asha Verma');
    await act(async () => {
      await current?.logout();
    });
    expect(screen.getByText('anonymous:-')).toBeInTheDocument();
    expect(getToken()).toBeNull();
    expect(localStorage.getItem('user')).toBeNull();
  });
});
