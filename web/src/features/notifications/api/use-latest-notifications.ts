import useSWR from 'swr';
import type { NotificationPage } from '../../../api/types';
import { NOTIFICATIONS_KEY, readPage } from './notifications';

/** The newest page, asked for while `enabled` (the panel is open). */
export function useLatestNotifications(enabled: boolean) {
  return useSWR<NotificationPage>(enabled ? NOTIFICATIONS_KEY : null, readPage);
}
