import { useCallback, useState } from 'react';
import { Link } from 'react-router';
import { Popover } from 'radix-ui';
import { Bell, CheckCheck } from 'lucide-react';
import type { NotificationEventPayload } from '@facet/domain/notifications';
import { Button, toast } from '../../../components/ui';
import { errorMessage } from '../../../lib/api-client';
import {
  useLatestNotifications,
  useMarkAllRead,
  useMarkRead,
  useNotificationUpdates,
  useUnreadCount,
  type Notification,
} from '../api/notifications';
import { bellLabel, NoNotifications, NotificationList, NotificationSkeleton } from './notification-list';
import './notifications.css';

const PANEL_SIZE = 8;

/**
 * The sub header's bell (issue 15): the unread count in its name and badge, live over the socket; it opens a
 * panel of the newest notifications, each a link to its thing, with "Mark all read" and the full list.
 */
export function NotificationBell() {
  const [open, setOpen] = useState(false);
  const count = useUnreadCount();
  const latest = useLatestNotifications(PANEL_SIZE, open);
  const markRead = useMarkRead();
  const markAll = useMarkAllRead();
  const unread = count.data;
  const [announcement, setAnnouncement] = useState('');
  const onNew = useCallback(
    (n: NotificationEventPayload) => setAnnouncement(`New notification: ${n.title}`),
    [],
  );
  useNotificationUpdates(true, onNew);

  const items = latest.data?.notifications ?? [];
  const newestSeq = items[0]?.seq;

  function onOpenItem(n: Notification) {
    if (!n.read) markRead.mutate(n.id);
    setOpen(false);
  }
  function onMarkAll() {
    markAll.mutate(newestSeq, {
      onError: (error) =>
        toast({ title: 'Not marked read', description: errorMessage(error), variant: 'destructive' }),
    });
  }

  return (
    <Popover.Root open={open} onOpenChange={setOpen}>
      <Popover.Trigger asChild>
        <button type="button" className="bell-button" aria-label={bellLabel(unread)}>
          <Bell aria-hidden="true" />
          {unread ? (
            <span className="bell-button__count" aria-hidden="true">
              {unread > 99 ? '99+' : unread}
            </span>
          ) : null}
        </button>
      </Popover.Trigger>
      {/* a new one is said once by screen readers, without moving focus */}
      <span className="visually-hidden" role="status" aria-live="polite">
        {announcement}
      </span>
      <Popover.Portal>
        <Popover.Content
          className="notification-panel"
          align="end"
          sideOffset={8}
          collisionPadding={8}
          aria-label="Notifications"
        >
          <header className="notification-panel__header">
            <h2 className="notification-panel__title">Notifications</h2>
            <Button
              variant="ghost"
              size="sm"
              onClick={onMarkAll}
              disabled={!unread || markAll.isPending}
              loading={markAll.isPending}
            >
              <CheckCheck aria-hidden="true" /> Mark all read
            </Button>
          </header>
          <div className="notification-panel__body" aria-busy={latest.isPending}>
            {latest.isPending ? (
              <NotificationSkeleton />
            ) : latest.isError ? (
              <p className="notification-panel__error" role="alert">
                {errorMessage(latest.error)}{' '}
                <Button variant="ghost" size="sm" onClick={() => void latest.refetch()}>
                  Try again
                </Button>
              </p>
            ) : items.length === 0 ? (
              <NoNotifications headingLevel="h3" />
            ) : (
              <NotificationList
                notifications={items}
                now={new Date()}
                onOpen={onOpenItem}
                label="Newest notifications"
              />
            )}
          </div>
          <footer className="notification-panel__footer">
            <Link to="/notifications" className="notification-panel__all" onClick={() => setOpen(false)}>
              See all notifications
            </Link>
          </footer>
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
