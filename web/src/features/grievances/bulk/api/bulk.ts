// Calls of the list's selection: one change for every selected grievance, and the ids of
// every grievance matching the list's filters (up to the most one change takes), read on
// through the list's own pages from where the screen stopped.
import { api } from '../../../../api/client';
import type { BulkRequest, BulkResult, GrievanceSummaryPage } from '../../../../api/types';
import { listPath, type GrievanceFilters } from '../../list-filters';
import type { ListOrder } from '../../list-order';

/** A selected grievance: its id, and its number for the toolbar and the result. */
export interface Picked {
  id: number;
  number: string;
}

/** Pages read at most on one 'Select all': a search the server bounds may answer short pages. */
const MAX_STEPS = 40;

export const bulkApi = {
  apply: (body: BulkRequest) => api.post<BulkResult>('/grievances/bulk', body),

  /**
   * The grievances matching `filters` in `order`, at most `max`: those of `pages` (already
   * read) and then those of the pages after them. `complete`: none matches beyond them.
   */
  async matching(filters: GrievanceFilters, order: ListOrder, pages: readonly GrievanceSummaryPage[], max: number) {
    const found: Picked[] = pages.flatMap((page) => page.data.map((row) => ({ id: row.id, number: row.grievance_number })));
    let cursor = pages[pages.length - 1]?.next_cursor ?? null;
    for (let step = 0; cursor && found.length < max && step < MAX_STEPS; step++) {
      const next = await api.get<GrievanceSummaryPage>(listPath(filters, cursor, order, max - found.length));
      for (const row of next.data) found.push({ id: row.id, number: row.grievance_number });
      cursor = next.next_cursor ?? null;
    }
    return { picked: found.slice(0, max), complete: !cursor && found.length <= max };
  },
};
