// Error types thrown by the API client.

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

  /** The server's own error text (`error`, else `message`), if it sent one. */
  get serverMessage(): string | undefined {
    return serverText(this.body);
  }

  /** Per-field validation messages (`fields`), if the server sent them. */
  get fields(): Record<string, string> {
    const body = this.body as { fields?: unknown } | null;
    const fields = body && typeof body === 'object' ? body.fields : undefined;
    return fields && typeof fields === 'object' ? (fields as Record<string, string>) : {};
  }
}

/** The request never got a response (server down, network unreachable). */
export class NetworkError extends Error {
  constructor(cause?: unknown) {
    super('Network request failed', { cause });
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
