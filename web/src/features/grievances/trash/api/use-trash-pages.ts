import useSWRInfinite from 'swr/infinite';
import { swrFetcher } from '../../../../api/client';
import { trashPageKey, type TrashPage } from './trash';

/** Every page of the Trash loaded so far ('Load more' asks for the next). */
export function useTrashPages() {
  return useSWRInfinite<TrashPage>(trashPageKey, swrFetcher, { revalidateFirstPage: true });
}
