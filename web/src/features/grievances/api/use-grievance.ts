import useSWR from 'swr';
import type { GrievanceEnvelope } from '../../../api/types';
import { grievanceKey } from './grievances';

/** One grievance, as its screen shows it; nothing is asked while `id` is null (no valid id in the address). */
export function useGrievance(id: number | string | null) {
  return useSWR<GrievanceEnvelope>(id === null ? null : grievanceKey(id));
}
