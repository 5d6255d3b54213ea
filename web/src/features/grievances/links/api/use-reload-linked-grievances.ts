import { useCallback } from 'react';
import { useSWRConfig } from 'swr';
import { linksKey } from './links';

/**
 * Reads again the grievances linked to another grievance than the one on screen: a link
 * made or removed here changes that grievance's list too.
 */
export function useReloadLinkedGrievances() {
  const { mutate } = useSWRConfig();
  return useCallback((id: number) => mutate(linksKey(id)), [mutate]);
}
