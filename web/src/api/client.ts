// The one API client. Every call goes to /api on the same origin with the
// stored bearer token and a JSON content type; no request timeout.
// Any 401 clears the stored session and, if there was a token and we are not
// on the login page, sends the browser to /. Every successful call
// with a token is recorded as the session's latest activity.
import { currentLanguage } from '../i18n';
import { recordActivity } from './activity';
import { ApiError, NetworkError } from './errors';
import { setSignedOutReason } from './signed-out-reason';
import { clearSession, getStoredUser, getToken, saveUser } from './token-store';

export const API_BASE = '/api';

/** Browser navigation, behind a seam so tests can observe it. */
export const browser = {
  pathname: (): string => window.location.pathname,
  redirect: (to: string): void => window.location.assign(to),
};

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text().catch(() => '');
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function handleUnauthorized(): void {
  const hadToken = getToken() !== null;
  // The login page says the session has ended (the server's idle timeout or time limit,
  // a password change elsewhere...), unless the SPA ended it itself with its own reason.
  if (hadToken) setSignedOutReason('ended');
  clearSession();
  if (hadToken && browser.pathname() !== '/') browser.redirect('/');
}

/**
 * 403 TWO_FACTOR_SETUP_REQUIRED: the user's role now requires two-factor and they have
 * none. Marking the stored user lets the route guard take them to the set-up screen.
 */
function handleSetupRequired(): void {
  const user = getStoredUser();
  if (!getToken() || !user || (user.two_factor_required === true && user.two_factor_enabled === false)) return;
  saveUser({ ...user, two_factor_required: true, two_factor_enabled: false });
}

function errorCode(data: unknown): unknown {
  return data && typeof data === 'object' ? (data as { code?: unknown }).code : undefined;
}

export interface RequestOptions {
  /**
   * Asked by the app on a timer (the notification bell's poll), not by the user: not
   * counted as activity, or an open tab would never reach the idle timeout.
   */
  background?: boolean;
}

export async function request<T>(method: Method, path: string, body?: unknown, options: RequestOptions = {}): Promise<T> {
  const headers: Record<string, string> = {
    Accept: 'application/json',
    'Content-Type': 'application/json',
  };
  const token = getToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  // The server writes exports' headings in the language on screen.
  headers['Accept-Language'] = currentLanguage();

  // The time it leaves, not the time it is answered: the server saw it in between.
  const sentAt = Date.now();
  let response: Response;
  try {
    response = await fetch(`${API_BASE}${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch (cause) {
    throw new NetworkError(cause);
  }

  const data = await readBody(response);
  if (response.status === 401) handleUnauthorized();
  if (response.status === 403 && errorCode(data) === 'TWO_FACTOR_SETUP_REQUIRED') handleSetupRequired();
  if (!response.ok) throw new ApiError(response.status, response.statusText, data);
  if (token && !options.background) recordActivity(sentAt);
  return data as T;
}

export const api = {
  get: <T>(path: string) => request<T>('GET', path),
  post: <T>(path: string, body?: unknown) => request<T>('POST', path, body),
  put: <T>(path: string, body?: unknown) => request<T>('PUT', path, body),
  /** A body only where the API reads one (a grievance's deletion reason). */
  delete: <T>(path: string, body?: unknown) => request<T>('DELETE', path, body),
};

/** SWR fetcher: the key is the API path. */
export const swrFetcher = <T>(path: string) => api.get<T>(path);
