import useSWR from 'swr';
import { readTrashRetention, TRASH_RETENTION_KEY, type TrashRetention } from './settings';

/** How many days a deleted grievance stays in the trash. */
export function useTrashRetention() {
  return useSWR<TrashRetention>(TRASH_RETENTION_KEY, readTrashRetention);
}
