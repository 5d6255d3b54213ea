import { jsonResponse, mockFetch } from './fixtures';

type Handler = (body: unknown, url: string) => Response | Promise<Response>;

/**
 * Replaces fetch with a table of 'METHOD /api/path' handlers; anything else
 * answers 404. Returns the mock, whose calls are [url, init].
 */
export function mockApi(handlers: Record<string, Handler>) {
  return mockFetch((url, init) => {
    const method = init?.method ?? 'GET';
    const handler = handlers[`${method} ${url}`];
    if (!handler) return jsonResponse(404, { error: `No handler for ${method} ${url}` }, 'Not Found');
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    return handler(body, url);
  });
}

/** The JSON bodies sent with `METHOD url`. */
export function sentBodies(fetch: ReturnType<typeof mockFetch>, method: string, url: string): unknown[] {
  return fetch.mock.calls
    .filter(([callUrl, init]) => callUrl === url && (init?.method ?? 'GET') === method)
    .map(([, init]) => (typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined));
}
