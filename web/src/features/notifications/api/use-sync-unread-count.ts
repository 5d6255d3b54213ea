import { useEffect } from 'react';
import { useSWRConfig } from 'swr';
import type { UnreadCount } from '../../../api/types';
import { UNREAD_KEY } from './notifications';

/**
 * Puts `listed`, the unread count the newest page gave, into the bell's count, so that the
 * badge agrees with the list without asking again.
 */
export function useSyncUnreadCount(listed: number | undefined) {
  const { mutate } = useSWRConfig();
  useEffect(() => {
    if (listed !== undefined) void mutate<UnreadCount>(UNREAD_KEY, { unread: listed }, { revalidate: false });
  }, [listed, mutate]);
}
