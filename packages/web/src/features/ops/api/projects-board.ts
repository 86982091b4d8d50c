import { useEffect, useState } from 'react';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { paths, Schemas } from '../../../api';
import { api, unwrap } from '../../../lib/api-client';
import { coalesce } from '../../../lib/coalesce';
import { getSocket } from '../../../lib/socket';

export type ProjectsBoard = Schemas['ProjectsBoard'];
type ColumnCode = paths['/api/staff/projects/board/{column}']['get']['parameters']['path']['column'];
export type BoardProject = Schemas['BoardProject'];

const key = ['staff', 'projects-board'] as const;

/** Every project by status; a move anywhere (the production team hears every project's news) is live. */
export function useProjectsBoard() {
  const queryClient = useQueryClient();
  useEffect(() => {
    const socket = getSocket();
    // staff hear every project's news: a burst asks for the board once
    const refresh = coalesce(
      () => void queryClient.invalidateQueries({ queryKey: key }, { cancelRefetch: false }),
    );
    socket.on('projectUpdated', refresh.call);
    return () => {
      socket.off('projectUpdated', refresh.call);
      refresh.cancel();
    };
  }, [queryClient]);
  return useQuery({
    queryKey: key,
    queryFn: ({ signal }) => unwrap(api.GET('/api/staff/projects/board', { signal })),
  });
}

/**
 * The rest of one board column past the board's first page of it, a page at a time; nothing is asked for
 * until the first "Show more". Part of the board's key, so the board's live refresh reads these pages again.
 * A column's total is counted a bounded way past each page (`totalExact` false: at least that many).
 */
export function useMoreOfColumn(column: ProjectsBoard['columns'][number]) {
  const from = column.projects.length;
  const [asked, setAsked] = useState(false);
  const more = useInfiniteQuery({
    queryKey: [...key, 'column', column.key, from],
    enabled: asked,
    initialPageParam: from,
    queryFn: ({ signal, pageParam }) =>
      unwrap(
        api.GET('/api/staff/projects/board/{column}', {
          // the board's reply names a column by a plain string; the page route takes the column codes
          params: { path: { column: column.key as ColumnCode }, query: { offset: pageParam } },
          signal,
        }),
      ),
    getNextPageParam: (last, _pages, offset) =>
      last.projects.length > 0 && (offset + last.projects.length < last.total || !last.totalExact)
        ? offset + last.projects.length
        : undefined,
  });
  // the latest page counted furthest (each counts a bounded way past itself)
  const counted = more.data?.pages.at(-1) ?? column;
  return {
    projects: more.data?.pages.flatMap((page) => page.projects) ?? [],
    total: counted.total,
    totalExact: counted.totalExact,
    /** For ShowMore: a next page while the column holds more than is shown. */
    pages: {
      // the button stays (busy) while the first page loads, and stays to try again if it failed
      hasNextPage: asked && more.data ? more.hasNextPage : column.total > from || !column.totalExact,
      isFetchingNextPage: more.isFetchingNextPage || (asked && !more.data && more.isFetching),
      fetchNextPage: async () => {
        if (!asked) setAsked(true);
        else if (!more.data) await more.refetch();
        else await more.fetchNextPage();
      },
    },
    error: more.error,
  };
}

export type ProjectAction =
  | { kind: 'mark-paid'; projectId: string }
  | { kind: 'changes-paid'; changeRequestId: string }
  | { kind: 'refund'; projectId: string; reason: string };

export type ProjectRefund = Schemas['ProjectRefund'];

/**
 * The moves the workflow allows staff: mark a payment made, mark changes paid, cancel (refunding what the
 * project paid; the answer says how much went back).
 */
export function useProjectAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (action: ProjectAction): Promise<ProjectRefund | null> => {
      if (action.kind === 'mark-paid') {
        await unwrap(
          api.POST('/api/staff/projects/{id}/mark-paid', { params: { path: { id: action.projectId } } }),
        );
        return null;
      }
      if (action.kind === 'changes-paid') {
        await unwrap(
          api.POST('/api/staff/change-requests/{id}/mark-paid', {
            params: { path: { id: action.changeRequestId } },
          }),
        );
        return null;
      }
      return unwrap(
        api.POST('/api/staff/projects/{id}/refund', {
          // the route takes no body: the reason staff give is not sent (the server records none)
          params: { path: { id: action.projectId } },
        }),
      );
    },
    onSettled: () => void queryClient.invalidateQueries({ queryKey: key }),
  });
}
