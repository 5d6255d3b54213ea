// Error types thrown by the API client.
import { i18n } from '../i18n';
import { serverBodyText, serverFieldTexts } from '../i18n/server-error';

/** The server answered with a non-2xx status. */
export class ApiError extends Error {
  readonly status: number;
  readonly statusText: string;
  readonly body: unknown;

  constructor(status: number, statusText: string, body: unknown) {
    super(serverText(body) ?? `${status} ${statusText}`.trim());
    this.name = 'ApiError';
    this.status = status;
    this.statusText = statusText;
    this.body = body;
  }

  /**
   * The server's error text in the current language: its `code` translated, else
   * its own English text (`error`, else `message`), if it sent one.
   */
  get serverMessage(): string | undefined {
    return serverBodyText(this.body);
  }

  /** The stable error code the server sent ('ERROR' when it has none more precise). */
  get code(): string | undefined {
    const body = this.body as { code?: unknown } | null;
    return body && typeof body === 'object' && typeof body.code === 'string' ? body.code : undefined;
  }

  /** Per-field validation messages (`fields`, translated by `field_codes`), if the server sent them. */
  get fields(): Record<string, string> {
    return serverFieldTexts(this.body);
  }
}

/** The request never got a response (server down, network unreachable). */
export class NetworkError extends Error {
  constructor(cause?: unknown) {
    super(i18n.t('common:networkFailed'), { cause });
    this.name = 'NetworkError';
  }
}

function serverText(body: unknown): string | undefined {
  if (!body || typeof body !== 'object') return undefined;
  const { error, message } = body as { error?: unknown; message?: unknown };
  if (typeof error === 'string' && error) return error;
  if (typeof message === 'string' && message) return message;
  return undefined;
}

/** The text to show for a failed call: the server's text, else the fallback. */
export function errorText(error: unknown, fallback: string): string {
  if (error instanceof ApiError) return error.serverMessage ?? fallback;
  return fallback;
}
