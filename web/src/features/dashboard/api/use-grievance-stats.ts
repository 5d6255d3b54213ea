import useSWR from 'swr';
import type { GrievanceStats } from '../../../api/types';

export const STATS_KEY = '/grievances/stats';

/** The case figures, asked only when `enabled` (the caller may read grievances). */
export function useGrievanceStats(enabled: boolean) {
  return useSWR<GrievanceStats>(enabled ? STATS_KEY : null);
}
