// The one API client. Every call goes to /api on the same origin with the
// stored bearer token and a JSON content type; no request timeout (spec §7).
// Any 401 clears the stored session and, if there was a token and we are not
// on the login page, sends the browser to / (spec §8).
import { ApiError, NetworkError } from './errors';
import { clearSession, getToken } from './token-store';

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
  clearSession();
  if (hadToken && browser.pathname() !== '/') browser.redirect('/');
}

export async function request<T>(method: Method, path: string, body?: unknown): Promise<T> {
  const headers: Record<string, string> = {
    Accept: 'application/json',
    'Content-Type': 'application/json',
  };
  const token = getToken();
  if (token) headers.Authorization = `Bearer ${token}`;

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
  if (!response.ok) throw new ApiError(response.status, response.statusText, data);
  return data as T;
}

export const api = {
  get: <T>(path: string) => request<T>('GET', path),
  post: <T>(path: string, body?: unknown) => request<T>('POST', path, body),
  put: <T>(path: string, body?: unknown) => request<T>('PUT', path, body),
  delete: <T>(path: string) => request<T>('DELETE', path),
};

/** SWR fetcher: the key is the API path. */
export const swrFetcher = <T>(path: string) => api.get<T>(path);
