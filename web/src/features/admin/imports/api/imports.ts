// Calls of the Admin Panel's import: a department's organisation, staff or old registers from a
// CSV or Excel file, checked first (nothing written) and then imported. Both take the same body.
// The types are written here until openapi.json describes the import.
import { api } from '../../../../api/client';

export const IMPORT_KINDS = ['organisation', 'users', 'registers'] as const;
export type ImportKind = (typeof IMPORT_KINDS)[number];

/** A field → the file's column header that fills it; null: not in the file. */
export type ImportMapping = Record<string, string | null>;

export interface ImportRequest {
  kind: ImportKind;
  file_name: string;
  /** The file's bytes in base64. */
  content: string;
  /** Fields left out are mapped by the server from the headers. */
  mapping?: ImportMapping;
}

export interface ImportField {
  field: string;
  label: string;
  required: boolean;
  column: string | null;
}

export interface ImportCounts {
  rows: number;
  create: number;
  update: number;
  unchanged: number;
  fail: number;
}

export type ImportRowOutcome = 'create' | 'update' | 'unchanged' | 'fail';

export interface ImportRowError {
  field: string;
  column: string | null;
  code: string;
  message: string;
  message_hi?: string | null;
  params?: Record<string, unknown>;
}

export interface ImportRow {
  /** The spreadsheet's row number: the header is row 1. */
  row: number;
  outcome: ImportRowOutcome;
  label: string;
  errors: ImportRowError[];
}

export interface ImportReport {
  kind: ImportKind;
  file_name: string;
  sha256: string;
  columns: string[];
  fields: ImportField[];
  counts: ImportCounts;
  rows: ImportRow[];
}

export interface SignInLink {
  row: number;
  name: string;
  email: string;
  link: string;
}

export interface ImportOutcome {
  import_id: string;
  complete: boolean;
  /** The rows written, as a range of row numbers ('2-4'). */
  rows_in: string;
  counts: ImportCounts;
  /** Why an incomplete import stopped. */
  error?: string | null;
  /** Staff imports: each new user's one-time link to set a password. */
  sign_in_links?: SignInLink[];
}

interface Envelope<T> {
  success?: boolean;
  data: T;
}

export const IMPORTS_PATH = '/admin/imports';

export const importsApi = {
  /** A dry run: the report of what an import would do. */
  check: async (body: ImportRequest): Promise<ImportReport> => (await api.post<Envelope<ImportReport>>(`${IMPORTS_PATH}/check`, body)).data,
  run: async (body: ImportRequest): Promise<ImportOutcome> => (await api.post<Envelope<ImportOutcome>>(IMPORTS_PATH, body)).data,
};
