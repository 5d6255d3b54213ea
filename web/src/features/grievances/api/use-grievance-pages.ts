import { useCallback } from 'react';
import useSWRInfinite from 'swr/infinite';
import type { GrievanceSummaryPage } from '../../../api/types';
import { listPath, type GrievanceFilters } from '../list-filters';
import type { ListOrder } from '../list-order';

/**
 * The pages of the grievance list for `filters` in `order`: each page after the first is
 * asked for by the cursor of the one before, until a page has none.
 * `revalidateFirstPage`: false while the list reads on by itself, so that each step does
 * not fetch the first page again. Nothing is asked while `enabled` is false.
 */
export function useGrievancePages(filters: GrievanceFilters, order: ListOrder, revalidateFirstPage: boolean, enabled = true) {
  const getKey = useCallback(
    (index: number, previous: GrievanceSummaryPage | null) => {
      if (!enabled) return null;
      if (index === 0) return listPath(filters, null, order);
      if (!previous?.next_cursor) return null;
      return listPath(filters, previous.next_cursor, order);
    },
    [filters, order, enabled],
  );
  return useSWRInfinite<GrievanceSummaryPage>(getKey, { revalidateFirstPage });
}
