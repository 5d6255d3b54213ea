// The grievance list's order (the column headers sort it). It lives in the
// URL beside the filters (`sort`, `direction`), is applied by the server with keyset
// paging, and is left out of the URL when it is the default: newest filed first.
import type { SortDirection, SortKey } from '../../api/types';
import type { SortOrder } from '../../components/data-table/sorting';

export type ListOrder = SortOrder<SortKey>;

export const DEFAULT_ORDER: ListOrder = { sort: 'filed_at', direction: 'desc' };

const KEYS: readonly SortKey[] = ['filed_at', 'fir_date', 'priority', 'status'];

/**
 * The direction a column sorts in on its first click: dates newest first, priority
 * most urgent first (the highest display order), status in the Admin Panel's order.
 */
const FIRST_DIRECTION: Record<SortKey, SortDirection> = {
  filed_at: 'desc',
  fir_date: 'desc',
  priority: 'desc',
  status: 'asc',
};

/** The order written in a URL query; anything the server would refuse is the default. */
export function orderFromParams(params: URLSearchParams): ListOrder {
  const sort = params.get('sort');
  const direction = params.get('direction');
  if (!sort || !(KEYS as readonly string[]).includes(sort)) return DEFAULT_ORDER;
  return { sort: sort as SortKey, direction: direction === 'asc' || direction === 'desc' ? direction : FIRST_DIRECTION[sort as SortKey] };
}

/** Adds the order to `params` unless it is the default. */
export function withOrder(params: URLSearchParams, order: ListOrder): URLSearchParams {
  if (order.sort !== DEFAULT_ORDER.sort || order.direction !== DEFAULT_ORDER.direction) {
    params.set('sort', order.sort);
    params.set('direction', order.direction);
  }
  return params;
}

/** The direction `column` sorts in on its first click. */
export const firstDirection = (column: SortKey): SortDirection => FIRST_DIRECTION[column];
