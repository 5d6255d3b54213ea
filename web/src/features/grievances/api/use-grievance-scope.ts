// The caller's grievance scope and the places their posting holds (GET /grievances/scope),
// for the list's filters and the dashboard.
import useSWR from 'swr';
import type { ScopeView } from '../../../api/types';
import { SCOPE_KEY } from './grievances';

/** The scope, asked only when `enabled` (the caller may read grievances). */
export function useGrievanceScope(enabled = true) {
  return useSWR<ScopeView>(enabled ? SCOPE_KEY : null);
}
