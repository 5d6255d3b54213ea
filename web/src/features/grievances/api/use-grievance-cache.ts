import { useMemo } from 'react';
import { useSWRConfig } from 'swr';
import { swrFetcher } from '../../../api/client';
import type { GrievanceEnvelope, GrievanceView } from '../../../api/types';
import { grievanceKey, historyKey } from './grievances';

/**
 * Keeping the cached grievance and its history in step with a change made on screen: the
 * grievance a change answered goes straight into the cache, and the history, which the
 * change was audited in, is read again.
 */
export function useGrievanceCache() {
  const { mutate } = useSWRConfig();
  return useMemo(
    () => ({
      /** Reads grievance `id` again. */
      reload: (id: number) => mutate(grievanceKey(id)),
      /** Reads grievance `id` now and keeps the answer; a failed read is thrown (404: out of the user's reach). */
      fetchNow: (id: number) => {
        const key = grievanceKey(id);
        return mutate(key, swrFetcher<GrievanceEnvelope>(key), { revalidate: false });
      },
      /** Shows grievance `id` as a change answered it, without reading it again. */
      put: (id: number, grievance: GrievanceView) => mutate(grievanceKey(id), { success: true, data: grievance }, { revalidate: false }),
      /** Reads grievance `id`'s audit history again. */
      reloadHistory: (id: number) => mutate(historyKey(id)),
    }),
    [mutate],
  );
}
