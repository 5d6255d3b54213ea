import useSWR from 'swr';
import type { Views } from '../../../../api/types';
import { readViews, VIEWS_KEY } from './views';

/** The user's saved views, those the Admin published to their role, and which one the list opens with. */
export function useViews() {
  return useSWR<Views>(VIEWS_KEY, readViews);
}
