import { useSWRConfig } from 'swr';
import { unstable_serialize } from 'swr/infinite';
import type { Notice, NotificationPage, UnreadCount } from '../../../api/types';
import { notificationsApi, NOTIFICATIONS_KEY, pageKey, UNREAD_KEY } from './notifications';

const readIn = (page: NotificationPage, read: (item: Notice) => boolean): NotificationPage => ({
  ...page,
  items: page.items.map((item) => (item.read || !read(item) ? item : { ...item, read: true })),
});

/** Marking as read, with the count and every loaded list brought up to date. */
export function useMarkRead() {
  const { mutate } = useSWRConfig();

  async function apply(unread: number, read: (item: Notice) => boolean) {
    const options = { revalidate: false };
    await Promise.all([
      mutate<UnreadCount>(UNREAD_KEY, { unread }, options),
      mutate<NotificationPage>(NOTIFICATIONS_KEY, (page) => (page ? { ...readIn(page, read), unread } : page), options),
      mutate<NotificationPage[]>(
        unstable_serialize(pageKey),
        (pages) => pages?.map((page) => ({ ...readIn(page, read), unread })),
        options,
      ),
    ]);
  }

  return {
    /** Marks one notification read (nothing is asked when it is read already). */
    one: async (notification: Notice) => {
      if (notification.read) return;
      const { unread } = await notificationsApi.markRead(notification.id);
      await apply(unread, (item) => item.id === notification.id);
    },
    all: async () => {
      const { unread } = await notificationsApi.markAllRead();
      await apply(unread, () => true);
    },
  };
}
