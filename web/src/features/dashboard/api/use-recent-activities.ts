import useSWR from 'swr';
import type { Activity } from '../../../api/types';

export const ACTIVITIES_KEY = '/admin/recent-activities';

/** The latest things done in the portal, newest first. */
export function useRecentActivities() {
  return useSWR<Activity[]>(ACTIVITIES_KEY);
}
