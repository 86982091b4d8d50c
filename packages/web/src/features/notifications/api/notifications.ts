import { useEffect } from 'react';
import {
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
  type InfiniteData,
} from '@tanstack/react-query';
import { NOTIFICATION_EVENT, NOTIFICATIONS_READ_EVENT } from '@facet/domain/notifications';
import type { NotificationEventPayload, NotificationsReadPayload } from '@facet/domain/notifications';
import type { Reply, Schemas } from '../../../api';
import { api, unwrap } from '../../../lib/api-client';

export type Notification = Schemas['Notification'];
export type NotificationPreference = Schemas['NotificationPreference'];
type Page = Reply<'/api/me/notifications', 'get'>;
type Count = Reply<'/api/me/notifications/unread-count', 'get'>;

export const notificationKeys = {
  all: ['notifications'] as const,
  count: ['notifications', 'count'] as const,
  latest: (limit: number) => ['notifications', 'latest', limit] as const,
  pages: ['notifications', 'pages'] as const,
  preferences: ['notification-preferences'] as const,
};

/** The unread count of the bell. */
export const useUnreadCount = (enabled = true) =>
  useQuery({
    queryKey: notificationKeys.count,
    enabled,
    queryFn: ({ signal }) => unwrap(api.GET('/api/me/notifications/unread-count', { signal })),
    select: (data) => data.unreadCount,
  });

/** The newest few, for the bell's panel (fetched when it opens). */
export const useLatestNotifications = (limit: number, enabled: boolean) =>
  useQuery({
    queryKey: notificationKeys.latest(limit),
    enabled,
    queryFn: ({ signal }) =>
      unwrap(api.GET('/api/me/notifications', { params: { query: { limit } }, signal })),
  });

/** The whole list, a page at a time (the /notifications page). */
export const useNotificationPages = () =>
  useInfiniteQuery({
    queryKey: notificationKeys.pages,
    initialPageParam: null as number | null,
    queryFn: ({ signal, pageParam }) =>
      unwrap(
        api.GET('/api/me/notifications', { params: { query: { before: pageParam ?? undefined } }, signal }),
      ),
    getNextPageParam: (last) => last.nextBefore,
  });

/** Every cached list and the count follow a read at once (the server's count wins when it answers). */
function markCached(
  queryClient: ReturnType<typeof useQueryClient>,
  isRead: (n: Notification) => boolean,
  unreadCount?: number,
) {
  const mark = (page: Page): Page => ({
    ...page,
    notifications: page.notifications.map((n) => (isRead(n) ? { ...n, read: true } : n)),
  });
  queryClient.setQueriesData<Page>({ queryKey: ['notifications', 'latest'] }, (d) => (d ? mark(d) : d));
  queryClient.setQueryData<InfiniteData<Page>>(notificationKeys.pages, (d) =>
    d ? { ...d, pages: d.pages.map(mark) } : d,
  );
  if (unreadCount !== undefined) queryClient.setQueryData<Count>(notificationKeys.count, { unreadCount });
}

export function useMarkRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      unwrap(api.POST('/api/me/notifications/{id}/read', { params: { path: { id } } })),
    onMutate: (id) => markCached(queryClient, (n) => n.id === id),
    onSuccess: (data, id) => markCached(queryClient, (n) => n.id === id, data.unreadCount),
  });
}

/** Marks read everything up to the newest the person has seen (`upTo`); a newer one stays unread. */
export function useMarkAllRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (upTo?: number) =>
      unwrap(api.POST('/api/me/notifications/read-all', { body: upTo ? { upTo } : {} })),
    onSuccess: (data, upTo) => {
      markCached(queryClient, (n) => upTo === undefined || n.seq <= upTo, data.unreadCount);
      void queryClient.invalidateQueries({ queryKey: notificationKeys.all });
    },
  });
}

export const useNotificationPreferences = () =>
  useQuery({
    queryKey: notificationKeys.preferences,
    queryFn: ({ signal }) => unwrap(api.GET('/api/me/notification-preferences', { signal })),
    select: (data) => data.preferences,
  });

export function useSetNotificationPreference() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: { type: string; mail: boolean }) =>
      unwrap(api.PUT('/api/me/notification-preferences', { body: { preferences: [change] } })),
    onSuccess: (data) => queryClient.setQueryData(notificationKeys.preferences, data),
  });
}

/**
 * Live: a new notification of the person (the count and lists ask again), and reads made in another tab.
 * Many at once may arrive in any order, so the count is asked again rather than taken from an event.
 */
export function useNotificationUpdates(
  enabled: boolean,
  onNew?: (payload: NotificationEventPayload) => void,
) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!enabled) return;
    const refresh = () => void queryClient.invalidateQueries({ queryKey: notificationKeys.all });
    const onCreated = (payload: NotificationEventPayload) => {
      refresh();
      onNew?.(payload);
    };
    const onRead = (_payload: NotificationsReadPayload) => refresh();
    let stop: (() => void) | null = null;
    let cancelled = false;
    // the socket.io client loads with the first page that listens, not in every page's first chunk
    void import('../../../lib/socket').then(({ getSocket }) => {
      if (cancelled) return;
      const socket = getSocket();
      socket.on(NOTIFICATION_EVENT, onCreated);
      socket.on(NOTIFICATIONS_READ_EVENT, onRead);
      // a dropped connection may have missed some: ask again on reconnecting
      socket.on('connect', refresh);
      stop = () => {
        socket.off(NOTIFICATION_EVENT, onCreated);
        socket.off(NOTIFICATIONS_READ_EVENT, onRead);
        socket.off('connect', refresh);
      };
    });
    return () => {
      cancelled = true;
      stop?.();
    };
  }, [enabled, onNew, queryClient]);
}
