// The top bar's bell: the unread count (asked every 30 s and when the window regains
// focus) as a badge and in the button's name, and a panel with the latest
// notifications, 'Mark all as read' and a link to the Notifications screen. The panel
// is a disclosure, not a menu: it holds links and a button, and an empty state.
// It closes on Escape, on a click or focus outside it, and on any navigation.
import { useEffect, useId, useRef, useState } from 'react';
import { Alert, Button, Flex, Heading, Loader, Text } from '@aws-amplify/ui-react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { errorText } from '../../api/errors';
import { Icon } from '../../components/icons';
import { LoadFailure } from '../../components/LoadFailure';
import { useSession } from '../auth/use-session';
import { useLatestNotifications } from './api/use-latest-notifications';
import { useUnreadCount } from './api/use-unread-count';
import { badgeText, bellLabel } from './notification-text';
import { NotificationList } from './NotificationList';
import './notifications.css';
import { useNotificationActions } from './use-notification-actions';

/** How many of the newest the panel lists; the rest are on the Notifications screen. */
export const PANEL_SIZE = 8;

export function NotificationBell() {
  const { user } = useSession();
  const { t } = useTranslation('notifications');
  const location = useLocation();
  // Open at one location: any navigation closes it without an effect.
  const [openAt, setOpenAt] = useState<string | null>(null);
  const open = openAt !== null && openAt === location.key;
  const { data: count } = useUnreadCount(Boolean(user));
  const unread = count?.unread ?? 0;
  const wrapper = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const panelId = useId();

  useEffect(() => {
    if (!open) return;
    const close = () => setOpenAt(null);
    const onPointerDown = (event: PointerEvent) => {
      if (!wrapper.current?.contains(event.target as Node)) close();
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      // Focus goes back to the bell only from inside: it is not taken from elsewhere.
      const inside = wrapper.current?.contains(document.activeElement) ?? false;
      close();
      if (inside) button.current?.focus();
    };
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [open]);

  if (!user) return null;

  return (
    <div
      className="notification-bell"
      ref={wrapper}
      onBlur={(event) => {
        const next = event.relatedTarget as Node | null;
        if (open && next && !event.currentTarget.contains(next)) setOpenAt(null);
      }}
    >
      <Button
        ref={button}
        variation="link"
        className="icon-button on-dark notification-bell-button"
        ariaLabel={bellLabel(unread)}
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        onClick={() => setOpenAt(open ? null : location.key)}
      >
        <Icon name="bell" />
        {unread > 0 ? (
          <span className="notification-badge" aria-hidden="true">
            {badgeText(unread)}
          </span>
        ) : null}
      </Button>
      {open ? <NotificationPanel id={panelId} unread={unread} title={t('title')} /> : null}
    </div>
  );
}

function NotificationPanel({ id, unread, title }: { id: string; unread: number; title: string }) {
  const { t } = useTranslation('notifications');
  const headingId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const { data, error, isLoading, mutate } = useLatestNotifications(true);
  const items = data?.items ?? [];
  const anyUnread = unread > 0 || items.some((item) => !item.read);
  // The button goes with the last unread one: the focus must not fall out of the panel.
  const { marking, failure, markAll, follow } = useNotificationActions(data?.unread, () => heading.current?.focus());

  return (
    <section id={id} className="notification-panel" aria-labelledby={headingId}>
      <Flex className="notification-panel-head" justifyContent="space-between" alignItems="center" gap="xs" wrap="wrap">
        <Heading level={2} id={headingId} ref={heading} tabIndex={-1} className="notification-panel-title">
          {title}
        </Heading>
        {anyUnread && items.length > 0 ? (
          <Button size="small" variation="link" onClick={() => void markAll()} isLoading={marking} loadingText={t('markingAllRead')}>
            {t('markAllRead')}
          </Button>
        ) : null}
      </Flex>
      {failure ? (
        <Alert variation="error" className="notification-panel-alert">
          {failure}
        </Alert>
      ) : null}
      <div className="notification-panel-body">
        {isLoading && !data ? (
          <Flex role="status" alignItems="center" gap="xs" padding="medium">
            <Loader aria-hidden="true" />
            <Text as="span">{t('loading')}</Text>
          </Flex>
        ) : error && !data ? (
          <LoadFailure padded message={errorText(error, t('loadFailed'))} onRetry={() => void mutate()} />
        ) : items.length === 0 ? (
          <Text className="notification-empty">{t('empty')}</Text>
        ) : (
          <NotificationList items={items.slice(0, PANEL_SIZE)} label={t('panel')} onFollow={follow} />
        )}
      </div>
      <div className="notification-panel-foot">
        <Link to="/notifications" className="notification-see-all">
          {t('seeAll')}
        </Link>
      </div>
    </section>
  );
}
