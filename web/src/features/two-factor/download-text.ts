// Saves a text file in the browser: a Blob behind a temporary link.
import { saveFile } from '../../lib/export-window';

/** The recovery codes as a .txt file's lines: a title, the account, the codes, a note. */
export function recoveryCodesFile(codes: readonly string[], heading: readonly string[]): string {
  return [...heading, '', ...codes, ''].join('\r\n');
}

/** Offers `text` as a download named `filename`. */
export function downloadText(filename: string, text: string): void {
  saveFile(new Blob([text], { type: 'text/plain;charset=utf-8' }), filename);
}
