// A list of notifications, newest first, in the bell's panel and on the Notifications
// screen: each is a link to its grievance (a digest's, to the list of the grievances it
// counts) that marks it read when followed. Unread ones
// stand out by a dot and weight, and their link says 'Unread' to a screen reader.
import { Text, VisuallyHidden } from '@aws-amplify/ui-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useItemName } from '../../api/item-names';
import type { Notice } from '../../api/types';
import { formatDateTime } from '../../lib/format';
import { noticeLink, notificationText } from './notification-text';

interface NotificationListProps {
  items: readonly Notice[];
  label: string;
  onFollow: (notification: Notice) => void;
}

export function NotificationList({ items, label, onFollow }: NotificationListProps) {
  const { t } = useTranslation('notifications');
  const statusName = useItemName('statuses');
  return (
    <ul className="notification-list" aria-label={label}>
      {items.map((notification) => (
        <li key={notification.id} className={notification.read ? 'notification-item' : 'notification-item unread'}>
          <span className="notification-dot" aria-hidden="true" />
          <div className="notification-body">
            <Link
              to={noticeLink(notification)}
              className="notification-link"
              onClick={() => onFollow(notification)}
            >
              {notification.read ? null : <VisuallyHidden>{t('unread')}: </VisuallyHidden>}
              {notificationText(notification, statusName)}
            </Link>
            <Text as="span" className="notification-time">
              <time dateTime={notification.at}>{formatDateTime(notification.at)}</time>
            </Text>
          </div>
        </li>
      ))}
    </ul>
  );
}

/** The pages' items once each: a notification that arrives between two pages must not show twice. */
export function uniqueItems(pages: readonly { items: readonly Notice[] }[]): Notice[] {
  const seen = new Set<string>();
  const out: Notice[] = [];
  for (const page of pages) {
    for (const item of page.items) {
      if (seen.has(item.id)) continue;
      seen.add(item.id);
      out.push(item);
    }
  }
  return out;
}
