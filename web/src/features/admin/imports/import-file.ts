// The import's file in the browser: which files are taken, their bytes as the API wants them
// (base64 in JSON), the fields each kind reads, and the sign-in links as a CSV to keep.
import type { ImportKind, SignInLink } from './api/imports';

/**
 * The largest file sent from the browser: the whole file travels in one JSON body, in
 * base64. Bigger registers go through `portal import` on the server's command line.
 */
export const MAX_FILE_BYTES = 4 * 1024 * 1024;

export const ACCEPTED_EXTENSIONS = ['.csv', '.xlsx'] as const;

/** What the file picker offers: the extensions, and their types for browsers that go by type. */
export const ACCEPT = '.csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export type FileProblem = 'type' | 'size' | 'empty';

/** Why a picked file cannot be sent, or null when it can. */
export function fileProblem(file: Pick<File, 'name' | 'size'>): FileProblem | null {
  const name = file.name.toLowerCase();
  if (!ACCEPTED_EXTENSIONS.some((extension) => name.endsWith(extension))) return 'type';
  if (file.size > MAX_FILE_BYTES) return 'size';
  if (file.size === 0) return 'empty';
  return null;
}

/** Bytes as base64, a slice at a time: one call with every byte would overflow the stack. */
export function toBase64(bytes: Uint8Array): string {
  const SLICE = 0x8000;
  let binary = '';
  for (let start = 0; start < bytes.length; start += SLICE) {
    binary += String.fromCharCode(...bytes.subarray(start, start + SLICE));
  }
  return btoa(binary);
}

/** The file's bytes, in base64. */
export async function readFileBase64(file: Blob): Promise<string> {
  return toBase64(new Uint8Array(await file.arrayBuffer()));
}

/** The fields of each kind, in the order the server reports them; the catalogue names each. */
export const KIND_FIELDS: Record<ImportKind, readonly string[]> = {
  organisation: ['range', 'district', 'district_code', 'station', 'station_code'],
  users: ['email', 'name', 'role', 'phone', 'department', 'designation', 'range', 'district', 'station'],
  registers: [
    'source_id',
    'fir_no',
    'fir_date',
    'district',
    'police_station',
    'crime_title',
    'section_and_act',
    'status',
    'priority',
    'type_of_call',
    'brief_details',
    'final_decision',
    'current_investigation_officer',
    'assigned_to',
    'filed_on',
    'complainant_name',
    'complainant_phone',
    'complainant_address',
    'accused',
  ],
};

/**
 * A link as it can be given to its owner: the portal answers one relative to itself
 * ('/set-password#token=...') when it has no public address set, so this page's origin leads it.
 */
export function absoluteLink(link: string, origin: string = window.location.origin): string {
  return link.startsWith('/') ? `${origin}${link}` : link;
}

/**
 * A CSV cell: quoted when it holds a comma, a quote or a line break. A name from the imported
 * file that starts like a formula is led by an apostrophe, so a spreadsheet shows it as text
 * instead of running it.
 */
function csvCell(value: string | number): string {
  const raw = String(value);
  const text = /^[=+\-@\t\r]/.test(raw) ? `'${raw}` : raw;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** The sign-in links as a CSV file's text, under the headings given. */
export function signInLinksCsv(links: readonly SignInLink[], headings: { row: string; name: string; email: string; link: string }): string {
  const lines = [[headings.row, headings.name, headings.email, headings.link], ...links.map((link) => [link.row, link.name, link.email, link.link])];
  return `${lines.map((line) => line.map(csvCell).join(',')).join('\r\n')}\r\n`;
}
