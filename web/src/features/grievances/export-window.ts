// Where an export's download link is opened. The window is opened on the click
// itself, before the API has answered: a window opened after an await is no
// longer the user's doing and popup blockers refuse it.

/** Opens an empty window for a download that is still being prepared; null when the browser refused. */
export function openPendingWindow(): Window | null {
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
  return opened;
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
