import useSWR from 'swr';
import { linksKey, type LinkedListEnvelope } from './links';

/** The grievances linked to grievance `id` that the user may see. */
export function useLinkedGrievances(id: number) {
  return useSWR<LinkedListEnvelope>(linksKey(id));
}
