// A grievance's case file: the whole case as one PDF, written by the server in English or
// Hindi (GET /grievances/{id}/case-file?lang=). Like every export, the API is asked with the
// bearer header and answers a short-lived signed link, which the page opens: the session
// token never goes into a URL (DESIGN.md).
import { api } from '../../../api/client';
import type { ExportLink } from '../../../api/types';
import type { Language } from '../../../i18n';
import { exportLinkOf, grievanceKey } from '../api/grievances';

/** The API path of a grievance's case file in `language`. */
export const caseFilePath = (id: number, language: Language) => `${grievanceKey(id)}/case-file?lang=${language}`;

export const caseFileApi = {
  /** The link to the case file in `language`; an answer without one is refused here. */
  link: async (id: number, language: Language): Promise<ExportLink> =>
    exportLinkOf(await api.get<unknown>(caseFilePath(id, language))),
};
