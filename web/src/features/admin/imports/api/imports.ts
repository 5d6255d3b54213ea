// Calls of the Admin Panel's import: a department's organisation, staff or old registers from a
// CSV or Excel file, checked first (nothing written) and then imported. Each kind has its own
// pair of paths, under the area whose permission it needs; both take the same body.
import { api } from '../../../../api/client';
import type { ImportOutcome, ImportOutcomeEnvelope, ImportReport, ImportReportEnvelope, ImportRequest } from '../../../../api/types';

export type {
  ImportCounts,
  ImportField,
  ImportOutcome,
  ImportReport,
  ImportRequest,
  ImportRow,
  ImportRowError,
  ImportRowOutcome,
  SignInLink,
} from '../../../../api/types';

export const IMPORT_KINDS = ['organisation', 'users', 'registers'] as const;
export type ImportKind = (typeof IMPORT_KINDS)[number];

/** A field → the file's column header that fills it; null: not in the file. */
export type ImportMapping = NonNullable<ImportRequest['mapping']>;

/** Where each kind is imported; its dry run is `${path}/check`. */
export const IMPORT_PATHS: Record<ImportKind, string> = {
  organisation: '/admin/imports/organisation',
  users: '/users/imports',
  registers: '/grievances/imports',
};

export const importsApi = {
  /** A dry run: the report of what an import would do. */
  check: async (kind: ImportKind, body: ImportRequest): Promise<ImportReport> =>
    (await api.post<ImportReportEnvelope>(`${IMPORT_PATHS[kind]}/check`, body)).data,
  run: async (kind: ImportKind, body: ImportRequest): Promise<ImportOutcome> => (await api.post<ImportOutcomeEnvelope>(IMPORT_PATHS[kind], body)).data,
};
