import useSWR from 'swr';
import type { PublishedView } from '../../../api/types';
import { PUBLISHED_VIEWS_KEY, readPublishedViews } from './published-views';

/** The views of the grievance list the Admin published to roles. */
export function usePublishedViews() {
  return useSWR<PublishedView[]>(PUBLISHED_VIEWS_KEY, readPublishedViews);
}
