import { CheckCheck } from 'lucide-react';
import { Button, ShowMore, toast } from '../../../components/ui';
import { errorMessage } from '../../../lib/api-client';
import {
  useMarkAllRead,
  useMarkRead,
  useNotificationPages,
  useUnreadCount,
  type Notification,
} from '../api/notifications';
import { NoNotifications, NotificationList, NotificationSkeleton } from '../components/notification-list';
import '../components/notifications.css';

/** /notifications: every notification of the person, newest first, a page at a time; mark one or all read. */
export function NotificationsPage() {
  const pages = useNotificationPages();
  const count = useUnreadCount();
  const markRead = useMarkRead();
  const markAll = useMarkAllRead();
  const items = pages.data?.pages.flatMap((p) => p.notifications) ?? [];
  const unread = count.data ?? 0;

  function onOpen(n: Notification) {
    if (!n.read) markRead.mutate(n.id);
  }
  function onMarkAll() {
    markAll.mutate(items[0]?.seq, {
      onSuccess: (data) =>
        toast({
          title:
            data.marked === 1 ? '1 notification marked read' : `${data.marked} notifications marked read`,
        }),
      onError: (error) =>
        toast({ title: 'Not marked read', description: errorMessage(error), variant: 'destructive' }),
    });
  }

  return (
    <div className="page notifications-page">
      <title>Notifications · Facet</title>
      <header className="page__header">
        <div>
          <p className="eyebrow">Your account</p>
          <h1 className="page__title">Notifications</h1>
          <p className="page__lead" aria-live="polite">
            {count.isPending ? '\u00a0' : unread === 0 ? 'You are all caught up.' : `${unread} unread`}
          </p>
        </div>
        <Button variant="secondary" onClick={onMarkAll} disabled={unread === 0} loading={markAll.isPending}>
          <CheckCheck aria-hidden="true" /> Mark all read
        </Button>
      </header>
      <section aria-busy={pages.isPending} aria-label="All notifications">
        {pages.isPending ? (
          <div className="notifications-page__list">
            <NotificationSkeleton rows={6} />
          </div>
        ) : pages.isError ? (
          <p role="alert" className="notifications-error">
            {errorMessage(pages.error)}{' '}
            <Button variant="ghost" size="sm" onClick={() => void pages.refetch()}>
              Try again
            </Button>
          </p>
        ) : items.length === 0 ? (
          <NoNotifications />
        ) : (
          <>
            <div className="notifications-page__list">
              <NotificationList
                notifications={items}
                now={new Date()}
                onOpen={onOpen}
                label="Notifications"
              />
            </div>
            <ShowMore pages={pages}>Show older notifications</ShowMore>
          </>
        )}
      </section>
    </div>
  );
}
