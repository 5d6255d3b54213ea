// Calls of the Trash: deleted grievances kept until their purge date, newest deletion
// first, 50 a page, and putting one back. Only holders of the grievances delete
// permission reach them; the server refuses anyone else.
import { api } from '../../../../api/client';
import type { GrievanceEnvelope, GrievanceView } from '../../../../api/types';

// Written by hand until the server's OpenAPI document describes the trash: `npm run gen:api`
// will then give these shapes in api/schema.d.ts, and api/types.ts will name them there.
/** A deleted grievance as the Trash lists it. */
export interface TrashedGrievance {
  id: number;
  grievance_number: string;
  fir_no: string;
  crime_title: string;
  police_station: string;
  district: string;
  /** RFC 3339. */
  deleted_at: string;
  deleted_by_name: string;
  /** Why it was deleted; null when the deleting officer gave no reason. */
  reason: string | null;
  /** YYYY-MM-DD: the day after which the grievance is removed for good. */
  purge_after: string;
  /** How many case notes and attachments come back with it. */
  notes: number;
  attachments: number;
}

/** GET /grievances/trash: a page, and the cursor of the next (null on the last). */
export interface TrashPage {
  success: boolean;
  data: TrashedGrievance[];
  next_cursor: string | null;
}

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
