// The page's three requests to the portal: a code for a grievance number and a mobile, the
// case for that code, and the citizen's rating of the disposal.
import type { components } from '../api/schema';

type Schemas = components['schemas'];
export type CodeSent = Schemas['CodeSent'];
export type CitizenView = Schemas['CitizenView'];
export type NextDue = Schemas['NextDue'];
export type SuccessMessage = Schemas['SuccessMessage'];
export type PublicSettings = Schemas['PublicSettings'];
export type Rating = 'satisfied' | 'partly' | 'not_satisfied';

/** A feedback link's token (the closure SMS), or the access a shown case gives (the page). */
export type FeedbackBy = { token: string } | { access: string };

/** A request that failed: `status` 0 when no answer came (the line, or no answer in time). */
export class Failure extends Error {
  constructor(
    readonly status: number,
    readonly code?: string,
    readonly serverText?: string,
  ) {
    super(serverText ?? (status ? `HTTP ${status}` : 'network'));
    this.name = 'Failure';
  }
}

// A slow line may take long, but a request that never ends would leave the buttons disabled.
const TIMEOUT_MS = 60_000;

type Fetch = (input: string, init: RequestInit) => Promise<Response>;

/** The reopen window, for a page opened from a feedback link. */
async function settings(fetcher: Fetch): Promise<PublicSettings> {
  const response = await fetcher('/api/public/citizen-settings', { headers: { accept: 'application/json' } });
  if (!response.ok) throw new Failure(response.status);
  return (await response.json()) as PublicSettings;
}

async function post<T>(fetcher: Fetch, path: string, body: unknown): Promise<T> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), TIMEOUT_MS);
  let response: Response;
  let data: unknown;
  try {
    response = await fetcher(path, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify(body),
      cache: 'no-store',
      signal: controller.signal,
    });
    const text = await response.text();
    try {
      data = text ? JSON.parse(text) : undefined;
    } catch {
      data = undefined;
    }
  } catch {
    throw new Failure(0);
  } finally {
    clearTimeout(timer);
  }
  if (!response.ok) {
    const error = (data ?? {}) as { code?: unknown; error?: unknown };
    throw new Failure(
      response.status,
      typeof error.code === 'string' ? error.code : undefined,
      typeof error.error === 'string' && error.error ? error.error : undefined,
    );
  }
  return data as T;
}

export function createApi(fetcher: Fetch = (input, init) => fetch(input, init)) {
  return {
    requestCode: (grievanceNumber: string, mobile: string) =>
      post<CodeSent>(fetcher, '/api/public/status/code', { grievanceNumber, mobile }),
    showStatus: (challenge: string, code: string) => post<CitizenView>(fetcher, '/api/public/status', { challenge, code }),
    giveFeedback: (by: FeedbackBy, rating: Rating, comment: string) =>
      post<SuccessMessage>(fetcher, '/api/public/feedback', { ...by, rating, comment }),
    settings: () => settings(fetcher),
  };
}

export type Api = ReturnType<typeof createApi>;
