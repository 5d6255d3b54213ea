import type { ListKind } from '../../../api/types';
import { useActiveItems } from './use-active-items';

/** The names of the active items of a list, in display order, for a form's dropdown. */
export function useActiveNames(kind: ListKind) {
  const { items, error, isLoading } = useActiveItems(kind);
  return { names: items.map((item) => item.name), error, isLoading };
}
