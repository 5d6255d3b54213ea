// Calls of the Trash: deleted grievances kept until their purge date, newest deletion
// first, 50 a page, and putting one back. Only holders of the grievances delete
// permission reach them; the server refuses anyone else.
import { api } from '../../../../api/client';
import type { GrievanceEnvelope, GrievanceView, TrashedGrievance, TrashPage } from '../../../../api/types';

export type { TrashedGrievance, TrashPage };

export const TRASH_PATH = '/grievances/trash';
export const TRASH_PAGE_SIZE = 50;

/** The API path of the page after `cursor` (null: the newest deletions). */
export const trashPath = (cursor: string | null) =>
  `${TRASH_PATH}?limit=${TRASH_PAGE_SIZE}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;

/** The Trash's pages: each asked for by the cursor of the one before, none after the last. */
export const trashPageKey = (index: number, previous: TrashPage | null): string | null => {
  if (index === 0) return trashPath(null);
  return previous?.next_cursor ? trashPath(previous.next_cursor) : null;
};

export const trashApi = {
  /** POST /grievances/{id}/restore: the grievance back in its lists, as its screen shows it. */
  restore: async (id: number): Promise<GrievanceView> =>
    (await api.post<GrievanceEnvelope>(`/grievances/${id}/restore`)).data,
};
