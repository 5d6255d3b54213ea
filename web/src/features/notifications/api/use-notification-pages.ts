import useSWRInfinite from 'swr/infinite';
import type { NotificationPage } from '../../../api/types';
import { pageKey, readPage } from './notifications';

/** Every page the Notifications screen has loaded. */
export function useNotificationPages() {
  return useSWRInfinite<NotificationPage>(pageKey, readPage, { revalidateFirstPage: true });
}
