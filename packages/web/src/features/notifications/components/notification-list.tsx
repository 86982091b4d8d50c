import { Link } from 'react-router';
import clsx from 'clsx';
import { BellOff } from 'lucide-react';
import { relativeTime } from '@facet/domain/notifications';
import { EmptyState, Skeleton } from '../../../components/ui';
import type { Notification } from '../api/notifications';

/** "Notifications, 3 unread": what the bell is called (its count included). */
export function bellLabel(unread: number | undefined): string {
  if (unread === undefined) return 'Notifications';
  return `Notifications, ${unread === 0 ? 'none' : unread} unread`;
}

function when(createdAt: string, now: Date) {
  return (
    <time className="notification__time" dateTime={createdAt} title={new Date(createdAt).toUTCString()}>
      {relativeTime(createdAt, now)}
    </time>
  );
}

/**
 * One notification: a link to the thing when it has one (opening it marks it read), with its title, text
 * and how long ago; an unread one carries a dot and says so to a screen reader.
 */
export function NotificationItem({
  notification: n,
  now,
  onOpen,
}: {
  notification: Notification;
  now: Date;
  onOpen: (n: Notification) => void;
}) {
  const content = (
    <>
      <span className="notification__dot" aria-hidden="true" />
      <span className="notification__text">
        <span className="notification__title">
          {n.read ? null : <span className="visually-hidden">Unread: </span>}
          {n.title}
        </span>
        {n.body ? <span className="notification__body">{n.body}</span> : null}
        {when(n.createdAt, now)}
      </span>
    </>
  );
  return (
    <li className={clsx('notification', !n.read && 'notification--unread')}>
      {n.link ? (
        <Link to={n.link} className="notification__target" onClick={() => onOpen(n)}>
          {content}
        </Link>
      ) : (
        <button type="button" className="notification__target" onClick={() => onOpen(n)}>
          {content}
        </button>
      )}
    </li>
  );
}

export function NotificationList({
  notifications,
  now,
  onOpen,
  label,
}: {
  notifications: Notification[];
  now: Date;
  onOpen: (n: Notification) => void;
  label: string;
}) {
  return (
    <ul className="notification-list" aria-label={label}>
      {notifications.map((n) => (
        <NotificationItem key={n.id} notification={n} now={now} onOpen={onOpen} />
      ))}
    </ul>
  );
}

/** Rows of grey while the list loads (the region says it is busy). */
export function NotificationSkeleton({ rows = 4 }: { rows?: number }) {
  return (
    <ul className="notification-list" aria-hidden="true">
      {Array.from({ length: rows }, (_, i) => (
        <li key={i} className="notification notification--skeleton">
          <span className="notification__target">
            <Skeleton width="0.5rem" height="0.5rem" radius="pill" />
            <span className="notification__text">
              <Skeleton width="70%" height="0.9rem" />
              <Skeleton width="95%" height="0.8rem" />
              <Skeleton width="5rem" height="0.7rem" />
            </span>
          </span>
        </li>
      ))}
    </ul>
  );
}

export function NoNotifications({ headingLevel = 'h2' }: { headingLevel?: 'h1' | 'h2' | 'h3' }) {
  return (
    <EmptyState
      className="notifications-empty"
      headingLevel={headingLevel}
      icon={<BellOff />}
      title="No notifications yet"
      description="Offers, messages that mention you, project moves, payments and your orders' progress will show here as they happen."
    />
  );
}
