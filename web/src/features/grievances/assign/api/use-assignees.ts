import useSWR from 'swr';
import type { Assignee } from '../../../../api/types';
import { assigneesKey } from '../../api/grievances';

/** The officers grievance `grievanceId` may be assigned to: active users who would see it once assigned. */
export function useAssignees(grievanceId: number) {
  return useSWR<{ data: Assignee[] }>(assigneesKey(grievanceId));
}
