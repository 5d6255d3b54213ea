// Calls of the Admin Panel lists (/admin/dropdowns/{kind}).
import { api } from '../../../api/client';
import { listKey } from '../../../api/item-names';
import type { DeletedResponse, ListItem, ListItemRequest, ListKind } from '../../../api/types';

export { listKey };

export const listsApi = {
  create: (kind: ListKind, body: ListItemRequest) => api.post<ListItem>(listKey(kind), body),
  update: (kind: ListKind, id: number, body: ListItemRequest) => api.put<ListItem>(`${listKey(kind)}/${id}`, body),
  remove: (kind: ListKind, id: number) => api.delete<DeletedResponse>(`${listKey(kind)}/${id}`),
};

/** Items in display order (then by name). */
export function sortItems(items: readonly ListItem[]): ListItem[] {
  return [...items].sort((a, b) => a.display_order - b.display_order || a.name.localeCompare(b.name));
}
