// Sends a file's bytes to an upload ticket's URL. XMLHttpRequest rather than
// fetch: only it reports upload progress. The URL is the credential (a signed
// portal path or a presigned S3 URL), so the session's Authorization header is
// never sent with it: S3 would refuse a request carrying two credentials, and
// the token must not reach a third party.
import { ApiError, NetworkError } from '../../../api/errors';
import type { UploadTicket } from '../../../api/types';

/** Headers the ticket may name that are never copied onto the request. */
const NEVER_SENT = new Set(['authorization', 'cookie', 'host', 'content-length']);

function bodyOf(xhr: XMLHttpRequest): unknown {
  const text = typeof xhr.responseText === 'string' ? xhr.responseText : '';
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    // S3 answers XML: there is no message for the user in it.
    return null;
  }
}

/**
 * PUTs `file` to the ticket's URL with exactly the ticket's headers.
 * `onProgress` hears the fraction sent (0..1). Rejects with ApiError on a
 * non-2xx answer (its JSON {error} when the portal sent one) and NetworkError
 * when no answer came.
 */
export function sendFile(ticket: UploadTicket, file: Blob, onProgress: (fraction: number) => void): Promise<void> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(ticket.method || 'PUT', ticket.url);
    for (const [name, value] of Object.entries(ticket.headers ?? {})) {
      if (!NEVER_SENT.has(name.toLowerCase())) xhr.setRequestHeader(name, value);
    }
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(Math.min(1, event.loaded / event.total));
    };
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress(1);
        resolve();
      } else {
        reject(new ApiError(xhr.status, xhr.statusText, bodyOf(xhr)));
      }
    };
    xhr.onerror = () => reject(new NetworkError());
    xhr.onabort = () => reject(new NetworkError());
    xhr.send(file);
  });
}
