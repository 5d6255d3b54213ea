import useSWR from 'swr';
import type { UnreadCount } from '../../../api/types';
import { pollUnread, UNREAD_KEY, UNREAD_REFRESH_MS } from './notifications';

/** The unread count, kept fresh while `enabled` (a signed-in user is on screen). */
export function useUnreadCount(enabled = true) {
  return useSWR<UnreadCount>(enabled ? UNREAD_KEY : null, pollUnread, {
    refreshInterval: UNREAD_REFRESH_MS,
    revalidateOnFocus: true,
  });
}
