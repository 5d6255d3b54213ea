import { setLanguage } from '../i18n';
import { jsonResponse, makeUser, mockFetch } from '../test/fixtures';
import { lastActivityAt } from './activity';
import { api, browser, request } from './client';
import { ApiError, NetworkError } from './errors';
import { signedOutReason } from './signed-out-reason';
import { getStoredUser, getToken, saveSession } from './token-store';

function at(path: string) {
  vi.spyOn(browser, 'pathname').mockReturnValue(path);
  return vi.spyOn(browser, 'redirect').mockImplementation(() => undefined);
}

describe('API client', () => {
  it('sends the bearer token and a JSON content type to /api', async () => {
    saveSession('tok-123', makeUser());
    const fetch = mockFetch(() => jsonResponse(200, { status: 'ok' }));
    await expect(api.get('/health')).resolves.toEqual({ status: 'ok' });
    const [url, init] = fetch.mock.calls[0];
    expect(url).toBe('/api/health');
    const headers = init?.headers as Record<string, string>;
    expect(headers.Authorization).toBe('Bearer tok-123');
    expect(headers['Content-Type']).toBe('application/json');
  });

  it('tells the server the language on screen, for the headings of exports', async () => {
    const fetch = mockFetch(() => jsonResponse(200, {}));
    await api.get('/grievances/export/pdf');
    expect((fetch.mock.calls[0][1]?.headers as Record<string, string>)['Accept-Language']).toBe('en');
    await setLanguage('hi');
    try {
      await api.get('/grievances/export/pdf');
      expect((fetch.mock.calls[1][1]?.headers as Record<string, string>)['Accept-Language']).toBe('hi');
    } finally {
      await setLanguage('en');
    }
  });

  it('sends no authorization header without a token', async () => {
    const fetch = mockFetch(() => jsonResponse(200, {}));
    await api.post('/auth/login', { email: 'a@b.c', password: 'x' });
    const headers = fetch.mock.calls[0][1]?.headers as Record<string, string>;
    expect(headers.Authorization).toBeUndefined();
    expect(fetch.mock.calls[0][1]?.body).toBe('{"email":"a@b.c","password":"x"}');
  });

  describe('on a 401', () => {
    it('clears the stored session and goes to / when a token existed off the login page', async () => {
      saveSession('expired', makeUser());
      const redirect = at('/grievances');
      mockFetch(() => jsonResponse(401, { error: 'Session expired' }, 'Unauthorized'));

      const error = await api.get('/grievances').catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ApiError);
      expect((error as ApiError).message).toBe('Session expired');
      expect(getToken()).toBeNull();
      expect(getStoredUser()).toBeNull();
      expect(localStorage.getItem('user')).toBeNull();
      expect(redirect).toHaveBeenCalledWith('/');
      // The login page will say so.
      expect(signedOutReason()).toBe('ended');
    });

    it('does not navigate when already on the login page', async () => {
      saveSession('expired', makeUser());
      const redirect = at('/');
      mockFetch(() => jsonResponse(401, { error: 'Session expired' }, 'Unauthorized'));
      await expect(api.get('/auth/verify')).rejects.toThrow('Session expired');
      expect(getToken()).toBeNull();
      expect(redirect).not.toHaveBeenCalled();
    });

    it('does not navigate when there was no token (a failed sign-in)', async () => {
      const redirect = at('/dashboard');
      mockFetch(() => jsonResponse(401, { error: 'Invalid email or password' }, 'Unauthorized'));
      await expect(api.post('/auth/login', {})).rejects.toThrow('Invalid email or password');
      expect(redirect).not.toHaveBeenCalled();
      expect(signedOutReason()).toBeNull();
    });
  });

  it('keeps the session on other errors and exposes status and fields', async () => {
    saveSession('tok', makeUser());
    const redirect = at('/users');
    mockFetch(() =>
      jsonResponse(400, { error: 'Validation failed', fields: { fir_no: 'FIR Number is required' } }, 'Bad Request'),
    );
    const error = (await api.post('/grievances', {}).catch((e: unknown) => e)) as ApiError;
    expect(error.status).toBe(400);
    expect(error.serverMessage).toBe('Validation failed');
    expect(error.fields).toEqual({ fir_no: 'FIR Number is required' });
    expect(getToken()).toBe('tok');
    expect(redirect).not.toHaveBeenCalled();
  });

  it('turns a failed request into a NetworkError', async () => {
    mockFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    await expect(api.get('/health')).rejects.toBeInstanceOf(NetworkError);
  });

  describe("the session's activity", () => {
    const T0 = Date.UTC(2026, 10, 26, 9, 0, 0);
    beforeEach(() => vi.useFakeTimers({ now: T0 }));
    afterEach(() => vi.useRealTimers());

    it('is the time a successful call with a token was sent, not answered', async () => {
      saveSession('tok', makeUser());
      mockFetch(async () => {
        vi.setSystemTime(T0 + 5_000);
        return jsonResponse(200, {});
      });
      await api.get('/grievances');
      expect(lastActivityAt()).toBe(T0);
    });

    it('is not a failed call, nor one without a token', async () => {
      mockFetch(() => jsonResponse(200, { token: 't' }));
      await api.post('/auth/login', {});
      expect(lastActivityAt()).toBe(0);
      saveSession('tok', makeUser());
      vi.spyOn(browser, 'redirect').mockImplementation(() => undefined);
      for (const status of [400, 403, 404, 500]) {
        mockFetch(() => jsonResponse(status, { error: 'No' }));
        await api.get('/grievances').catch(() => undefined);
      }
      mockFetch(() => Promise.reject(new TypeError('Failed to fetch')));
      await api.get('/grievances').catch(() => undefined);
      expect(lastActivityAt()).toBe(0);
    });

    it('is not a background call (a poll): an idle tab still reaches its timeout', async () => {
      saveSession('tok', makeUser());
      mockFetch(() => jsonResponse(200, { unread: 2 }));
      await expect(request('GET', '/notifications/unread', undefined, { background: true })).resolves.toEqual({ unread: 2 });
      expect(lastActivityAt()).toBe(0);
    });

    it('only moves forward (calls answered out of order)', async () => {
      saveSession('tok', makeUser());
      let answerFirst: (response: Response) => void = () => undefined;
      mockFetch(() => new Promise<Response>((resolve) => (answerFirst = resolve)));
      const first = api.get('/grievances');
      vi.setSystemTime(T0 + 1_000);
      mockFetch(() => jsonResponse(200, {}));
      await api.get('/dashboard');
      expect(lastActivityAt()).toBe(T0 + 1_000);
      answerFirst(jsonResponse(200, {}));
      await first;
      expect(lastActivityAt()).toBe(T0 + 1_000);
    });
  });
});
