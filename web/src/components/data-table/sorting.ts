// The order of a table whose column headers sort it: which column, which way. The
// table asks for the next order when a header is clicked; who owns the order (a URL,
// a server query) applies it.

export type SortDirection = 'asc' | 'desc';

export interface SortOrder<K extends string = string> {
  sort: K;
  direction: SortDirection;
}

/**
 * The order after a click on `column`'s header: the other direction, or the new column
 * in its natural direction (`first`: dates newest first, names A to Z).
 */
export function nextOrder<K extends string>(current: SortOrder<K>, column: K, first: SortDirection = 'asc'): SortOrder<K> {
  if (current.sort === column) return { sort: column, direction: current.direction === 'asc' ? 'desc' : 'asc' };
  return { sort: column, direction: first };
}

/** The header's `aria-sort` value for `column`. */
export function ariaSort<K extends string>(order: SortOrder<K>, column: K): 'ascending' | 'descending' | 'none' {
  if (order.sort !== column) return 'none';
  return order.direction === 'asc' ? 'ascending' : 'descending';
}
