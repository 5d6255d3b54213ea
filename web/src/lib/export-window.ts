// Where an export's download link is opened (a list export, a case file, an attachment), and
// where a file the page wrote itself (the recovery codes) is saved. A link's window is opened on the click itself, before the API has answered: a
// window opened after an await is no longer the user's doing and popup blockers refuse it.

/**
 * Opens a window for a download that is still being prepared, saying so in
 * `message` rather than standing blank; null when the browser refused.
 */
export function openPendingWindow(message: string, language: string): Window | null {
  let opened: Window | null = null;
  try {
    opened = window.open('', '_blank');
  } catch {
    opened = null;
  }
  if (!opened) return null;
  try {
    // The file's page gets no handle on the portal's window.
    opened.opener = null;
  } catch {
    // Nothing to undo: the window still opens the link.
  }
  showWaiting(opened, message, language);
  return opened;
}

/** Writes (or rewrites) the waiting message in the new, same-origin window. */
export function showWaiting(target: Window, message: string, language: string): void {
  try {
    const page = target.document;
    page.title = message;
    page.documentElement.lang = language;
    const text = page.createElement('p');
    text.setAttribute('role', 'status');
    text.textContent = message;
    text.style.font = '1rem/1.5 system-ui, sans-serif';
    text.style.margin = '2rem';
    page.body.replaceChildren(text);
  } catch {
    // A window the page cannot write into still opens the link when it is ready.
  }
}

/** The link as an absolute URL: the portal answers a path, S3 a full URL. */
export const absoluteUrl = (url: string): string => new URL(url, window.location.href).href;

/** Sends the pending window to the download link. */
export function showInWindow(target: Window, url: string): void {
  target.location.replace(absoluteUrl(url));
}

/** Closes a pending window whose export failed. */
export function closeWindow(target: Window): void {
  try {
    target.close();
  } catch {
    // Already closed by the user.
  }
}

/** Without a window: downloads the link through a hidden link in this page. */
export function downloadInPage(url: string): void {
  const link = document.createElement('a');
  link.href = absoluteUrl(url);
  link.download = '';
  link.rel = 'noopener';
  link.hidden = true;
  document.body.append(link);
  try {
    link.click();
  } finally {
    link.remove();
  }
}

/** How long a saved file's object URL is kept: past the click that saves it, then let go. */
const OBJECT_URL_MS = 60_000;

/** Saves bytes the page holds (a file it wrote itself) under `fileName`, through a hidden link. */
export function saveFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  document.body.append(link);
  try {
    link.click();
  } finally {
    link.remove();
    // Revoked at once, a download the browser has not started yet would fail.
    window.setTimeout(() => URL.revokeObjectURL(url), OBJECT_URL_MS);
  }
}
