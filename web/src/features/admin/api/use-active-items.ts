import type { ListKind } from '../../../api/types';
import { sortItems } from './lists';
import { useListItems } from './use-list-items';

/** The active items of a list, in display order, for a form's dropdown. */
export function useActiveItems(kind: ListKind) {
  const { data, error, isLoading } = useListItems(kind);
  const items = data ? sortItems(data.filter((item) => item.is_active)) : [];
  return { items, loaded: data !== undefined, error, isLoading };
}
