// Saves a text file in the browser: a Blob behind a temporary link.

/** The recovery codes as a .txt file's lines: a title, the account, the codes, a note. */
export function recoveryCodesFile(codes: readonly string[], heading: readonly string[]): string {
  return [...heading, '', ...codes, ''].join('\r\n');
}

/** Offers `text` as a download named `filename`. */
export function downloadText(filename: string, text: string): void {
  const blob = new Blob([text], { type: 'text/plain;charset=utf-8' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.appendChild(link);
  link.click();
  link.remove();
  // Let the browser start the download before the address goes away.
  window.setTimeout(() => URL.revokeObjectURL(url), 1000);
}
