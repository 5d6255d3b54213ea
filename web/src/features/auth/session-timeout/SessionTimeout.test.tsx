import { act, fireEvent, render, screen } from '@testing-library/react';
import { api, browser } from '../../../api/client';
import { signedOutReason } from '../../../api/signed-out-reason';
import { getToken, saveSession } from '../../../api/token-store';
import { setLanguage } from '../../../i18n';
import { mockApi } from '../../../test/api-mock';
import { jsonResponse, makeUser } from '../../../test/fixtures';
import { SessionProvider } from '../SessionProvider';
import { useSession } from '../use-session';
import { SessionTimeout } from './SessionTimeout';

const T0 = Date.UTC(2026, 10, 26, 9, 0, 0);
const SECOND = 1000;
const MINUTE = 60 * SECOND;
// The server keeps a session 29 minutes after any request (a 30-minute idle timeout).
const IDLE = 29 * MINUTE;

type Times = { idleTimeoutSeconds: number; expiresAt: number };

function server({ times, session }: { times?: () => Times; session?: () => Response | Promise<Response> } = {}) {
  const answer = times ?? (() => ({ idleTimeoutSeconds: IDLE / SECOND, expiresAt: Math.floor(Date.now() / SECOND) + 12 * 3600 }));
  return mockApi({
    'GET /api/auth/verify': () => jsonResponse(200, { valid: true, user: makeUser() }),
    'GET /api/auth/session': session ?? (() => jsonResponse(200, answer())),
    'GET /api/grievances/stats': () => jsonResponse(200, {}),
    'POST /api/auth/logout': () => jsonResponse(200, { message: 'Logged out successfully' }),
  });
}

function calls(fetch: ReturnType<typeof server>, method: string, url: string): number {
  return fetch.mock.calls.filter(([callUrl, init]) => callUrl === url && (init?.method ?? 'GET') === method).length;
}

/** Lets time pass, running the timers and the promises they release. */
async function pass(ms: number) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

/** A stored session, confirmed and timed at T0. */
async function signedIn(fetch = server()) {
  saveSession('tok', makeUser());
  render(
    <SessionProvider>
      <SessionTimeout />
    </SessionProvider>,
  );
  await pass(0);
  expect(calls(fetch, 'GET', '/api/auth/session')).toBe(1);
  return fetch;
}

const warning = () => screen.queryByRole('alertdialog', { name: 'Your session is about to end' });

describe('the session timeout warning', () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: T0 });
    vi.spyOn(browser, 'pathname').mockReturnValue('/dashboard');
    vi.spyOn(browser, 'redirect').mockImplementation(() => undefined);
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('asks the session times once signed in and opens a minute before the idle timeout', async () => {
    await signedIn();
    await pass(IDLE - MINUTE - 1);
    expect(warning()).toBeNull();
    await pass(1);
    const dialog = warning();
    expect(dialog).not.toBeNull();
    expect(dialog).toHaveAccessibleDescription('You will be signed out in 60 seconds because of inactivity.');
    expect(screen.getByRole('button', { name: 'Stay signed in' })).toHaveFocus();
    // A live countdown.
    await pass(SECOND);
    expect(dialog).toHaveAccessibleDescription('You will be signed out in 59 seconds because of inactivity.');
    await pass(58 * SECOND);
    expect(dialog).toHaveAccessibleDescription('You will be signed out in 1 second because of inactivity.');
  });

  it('asks nothing while signed out', async () => {
    const fetch = server();
    render(
      <SessionProvider>
        <SessionTimeout />
      </SessionProvider>,
    );
    await pass(2 * IDLE);
    expect(fetch).not.toHaveBeenCalled();
    expect(warning()).toBeNull();
  });

  it('waits for a two-factor enrolment the role requires, whose screen may ask nothing else', async () => {
    const fetch = server();
    saveSession('tok', makeUser({ two_factor_required: true, two_factor_enabled: false }));
    let session: ReturnType<typeof useSession> | null = null;
    function Probe() {
      session = useSession();
      return null;
    }
    fetch.mockImplementation(async (input) =>
      String(input) === '/api/auth/verify'
        ? jsonResponse(200, { valid: true, user: makeUser({ two_factor_required: true, two_factor_enabled: false }) })
        : jsonResponse(403, { error: 'Set up two-factor authentication to continue.', code: 'TWO_FACTOR_SETUP_REQUIRED' }),
    );
    render(
      <SessionProvider>
        <Probe />
        <SessionTimeout />
      </SessionProvider>,
    );
    await pass(IDLE);
    expect(calls(fetch, 'GET', '/api/auth/session')).toBe(0);
    // Enrolled: the session's times are asked for.
    fetch.mockImplementation(async () =>
      jsonResponse(200, { idleTimeoutSeconds: IDLE / SECOND, expiresAt: Math.floor(Date.now() / SECOND) + 43_200 }),
    );
    act(() => session?.updateUser(makeUser({ two_factor_required: true, two_factor_enabled: true })));
    await pass(0);
    expect(calls(fetch, 'GET', '/api/auth/session')).toBe(1);
    await pass(IDLE - MINUTE);
    expect(warning()).not.toBeNull();
  });

  it('is postponed by any other successful request', async () => {
    await signedIn();
    await pass(20 * MINUTE);
    await act(async () => {
      await api.get('/grievances/stats');
    });
    await pass(IDLE - MINUTE - 20 * MINUTE);
    expect(warning()).toBeNull();
    await pass(20 * MINUTE - 1);
    expect(warning()).toBeNull();
    await pass(1);
    expect(warning()).not.toBeNull();
  });

  it('closes when a request elsewhere keeps the session while it is open', async () => {
    await signedIn();
    await pass(IDLE - 30 * SECOND);
    expect(warning()).not.toBeNull();
    await act(async () => {
      await api.get('/grievances/stats');
    });
    expect(warning()).toBeNull();
  });

  it('does not count a failed request', async () => {
    const fetch = await signedIn();
    await pass(20 * MINUTE);
    await act(async () => {
      await api.get('/no/such/thing').catch(() => undefined);
    });
    expect(calls(fetch, 'GET', '/api/no/such/thing')).toBe(1);
    await pass(IDLE - MINUTE - 20 * MINUTE);
    expect(warning()).not.toBeNull();
  });

  it('"Stay signed in" asks GET /auth/session, closes, and opens again a full idle timeout later', async () => {
    const fetch = await signedIn();
    await pass(IDLE - 40 * SECOND);
    fireEvent.click(screen.getByRole('button', { name: 'Stay signed in' }));
    await pass(0);
    expect(calls(fetch, 'GET', '/api/auth/session')).toBe(2);
    expect(warning()).toBeNull();
    await pass(IDLE - MINUTE - 1);
    expect(warning()).toBeNull();
    await pass(1);
    expect(warning()).toHaveAccessibleDescription('You will be signed out in 60 seconds because of inactivity.');
  });

  it('keeps the warning with a message when the server cannot be reached', async () => {
    let reachable = true;
    await signedIn(
      server({
        session: () =>
          reachable
            ? jsonResponse(200, { idleTimeoutSeconds: IDLE / SECOND, expiresAt: Math.floor(T0 / SECOND) + 43_200 })
            : Promise.reject(new TypeError('Failed to fetch')),
      }),
    );
    await pass(IDLE - 50 * SECOND);
    reachable = false;
    fireEvent.click(screen.getByRole('button', { name: 'Stay signed in' }));
    await pass(0);
    expect(warning()).not.toBeNull();
    expect(screen.getByText('The server could not be reached. Please try again.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Stay signed in' })).toHaveFocus();
  });

  it('signs out when the countdown reaches 0, and leaves the reason for the login page', async () => {
    const fetch = await signedIn();
    await pass(IDLE - 1);
    expect(getToken()).toBe('tok');
    expect(warning()).toHaveAccessibleDescription('You will be signed out in 1 second because of inactivity.');
    await pass(1);
    expect(getToken()).toBeNull();
    expect(warning()).toBeNull();
    expect(calls(fetch, 'POST', '/api/auth/logout')).toBe(1);
    // The sign-out call carried the token, though the local session was cleared at once.
    const logout = fetch.mock.calls.find(([url]) => url === '/api/auth/logout');
    expect((logout?.[1]?.headers as Record<string, string>).Authorization).toBe('Bearer tok');
    expect(signedOutReason()).toBe('inactivity');
  });

  it('signs out when the computer slept past the end, as soon as the page is looked at', async () => {
    await signedIn();
    // The timers of a suspended page do not run; its clock does.
    vi.setSystemTime(T0 + IDLE + 5 * MINUTE);
    await act(async () => {
      document.dispatchEvent(new Event('visibilitychange'));
    });
    expect(getToken()).toBeNull();
    expect(signedOutReason()).toBe('inactivity');
  });

  it('"Sign out" signs out at once, without a reason to show', async () => {
    const fetch = await signedIn();
    await pass(IDLE - 45 * SECOND);
    fireEvent.click(screen.getByRole('button', { name: 'Sign out' }));
    await pass(0);
    expect(getToken()).toBeNull();
    expect(calls(fetch, 'POST', '/api/auth/logout')).toBe(1);
    expect(signedOutReason()).toBeNull();
  });

  it('warns of the time limit, which "Continue" puts aside, and signs out at it', async () => {
    const expiresAt = Math.floor(T0 / SECOND) + 10 * 60;
    await signedIn(server({ times: () => ({ idleTimeoutSeconds: IDLE / SECOND, expiresAt }) }));
    await pass(9 * MINUTE);
    expect(warning()).toHaveAccessibleDescription(
      'You will be signed out in 60 seconds: your session has reached its time limit. Save your work and sign in again.',
    );
    expect(screen.queryByRole('button', { name: 'Stay signed in' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(warning()).toBeNull();
    await pass(MINUTE - 1);
    expect(warning()).toBeNull();
    expect(getToken()).toBe('tok');
    await pass(1);
    expect(getToken()).toBeNull();
    expect(signedOutReason()).toBe('lifetime');
  });

  it('stays away on a server without GET /auth/session', async () => {
    const fetch = await signedIn(server({ session: () => jsonResponse(404, { error: 'Not found' }, 'Not Found') }));
    await act(async () => {
      await api.get('/grievances/stats');
    });
    await pass(2 * IDLE);
    expect(warning()).toBeNull();
    expect(getToken()).toBe('tok');
    expect(calls(fetch, 'GET', '/api/auth/session')).toBe(1);
  });

  it('asks again after the server could not be reached, once another request succeeds', async () => {
    let reachable = false;
    const fetch = await signedIn(
      server({
        session: () =>
          reachable
            ? jsonResponse(200, { idleTimeoutSeconds: IDLE / SECOND, expiresAt: Math.floor(T0 / SECOND) + 43_200 })
            : Promise.reject(new TypeError('Failed to fetch')),
      }),
    );
    reachable = true;
    await pass(MINUTE);
    await act(async () => {
      await api.get('/grievances/stats');
    });
    await pass(0);
    expect(calls(fetch, 'GET', '/api/auth/session')).toBe(2);
    await pass(IDLE - MINUTE);
    expect(warning()).not.toBeNull();
  });

  it('speaks Hindi', async () => {
    await setLanguage('hi');
    try {
      await signedIn();
      await pass(IDLE - 30 * SECOND);
      expect(screen.getByRole('alertdialog', { name: 'आपका सत्र समाप्त होने वाला है' })).toHaveAccessibleDescription(
        'निष्क्रियता के कारण आपको 30 सेकंड में साइन आउट कर दिया जाएगा।',
      );
      expect(screen.getByRole('button', { name: 'साइन इन रहें' })).toBeInTheDocument();
    } finally {
      await setLanguage('en');
    }
  });
});
