import useSWR from 'swr';
import type { ListItem, ListKind } from '../../../api/types';
import { listKey } from './lists';

/**
 * Every item of an Admin Panel list, inactive ones too, as the server keeps them; nothing is
 * asked while `kind` is null. Every screen reads a list under the one key, so the Admin
 * Panel's changes reach them all.
 */
export function useListItems(kind: ListKind | null) {
  return useSWR<ListItem[]>(kind ? listKey(kind) : null);
}
