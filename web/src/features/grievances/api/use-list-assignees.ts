// The officers the list's 'Assigned' filter names: everyone the caller may assign
// grievances to (GET /grievances/assignees).
import useSWR from 'swr';
import type { Assignee } from '../../../api/types';
import { ASSIGNEES_KEY } from './grievances';

/**
 * Asked only when `enabled`: the server answers only those who may update grievances, and a
 * refused request would be one more error in the browser's console for nothing.
 */
export function useListAssignees(enabled: boolean) {
  return useSWR<{ data: Assignee[] }>(enabled ? ASSIGNEES_KEY : null);
}
