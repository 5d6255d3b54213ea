// A grievance's case file: the whole case as one PDF, written by the server in English or
// Hindi (GET /grievances/{id}/case-file?language=). The API answers the file itself, so it
// is fetched with the bearer header and saved by the page.
import { download, type DownloadedFile } from '../../../api/client';
import type { Language } from '../../../i18n';
import { grievanceKey } from '../api/grievances';

/** The API path of a grievance's case file in `language`. */
export const caseFilePath = (id: number, language: Language) => `${grievanceKey(id)}/case-file?language=${language}`;

/** The name the file is saved under when the server gives none. */
export const caseFileName = (grievanceNumber: string, language: Language) => `${grievanceNumber}-case-file-${language}.pdf`;

export const caseFileApi = {
  download: (id: number, language: Language): Promise<DownloadedFile> => download(caseFilePath(id, language), 'application/pdf'),
};
