import { useEffect } from 'react';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ORDER_UPDATED_EVENT } from '@facet/domain/format';
import type { Schemas } from '../../../api';
import { api, unwrap } from '../../../lib/api-client';
import { getSocket } from '../../../lib/socket';

export type OrderSummary = Schemas['OrderSummary'];
export type Order = Schemas['Order'];
export type OrderItem = Schemas['OrderItem'];

export const ORDER_FILTERS = ['all', 'active', 'delivered', 'cancelled'] as const;
export type OrderFilter = (typeof ORDER_FILTERS)[number];

export const orderKeys = {
  all: ['orders'] as const,
  list: (filter: OrderFilter) => ['orders', 'list', filter] as const,
  detail: (id: string) => ['orders', 'detail', id] as const,
};

/** The signed-in customer's orders under a filter, newest first, a page (50) at a time. */
export const useOrders = (filter: OrderFilter) =>
  useInfiniteQuery({
    queryKey: orderKeys.list(filter),
    initialPageParam: null as string | null,
    queryFn: ({ signal, pageParam }) =>
      unwrap(
        api.GET('/api/orders', {
          params: { query: { status: filter, cursor: pageParam ?? undefined } },
          signal,
        }),
      ),
    getNextPageParam: (last) => last.nextCursor,
    select: (data) => data.pages.flatMap((page) => page.orders),
  });

/** One order; `poll` asks again every so often (while its payment is being confirmed). */
export const useOrder = (id: string, poll = false) =>
  useQuery({
    queryKey: orderKeys.detail(id),
    queryFn: ({ signal }) => unwrap(api.GET('/api/orders/{id}', { params: { path: { id } }, signal })),
    select: (data) => data.order,
    refetchInterval: poll ? 1500 : false,
  });

export function useCancelOrder(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => unwrap(api.POST('/api/orders/{id}/cancel', { params: { path: { id } } })),
    onSuccess: (data) => {
      queryClient.setQueryData(orderKeys.detail(id), data);
      void queryClient.invalidateQueries({ queryKey: ['orders', 'list'] });
    },
  });
}

/** Live updates: an order of the user moved (a stage, a shipment) — its page and the list ask again. */
export function useOrderUpdates() {
  const queryClient = useQueryClient();
  useEffect(() => {
    const socket = getSocket();
    const onUpdate = (payload: { orderId: string }) => {
      void queryClient.invalidateQueries({ queryKey: orderKeys.detail(payload.orderId) });
      void queryClient.invalidateQueries({ queryKey: ['orders', 'list'] });
    };
    socket.on(ORDER_UPDATED_EVENT, onUpdate);
    return () => {
      socket.off(ORDER_UPDATED_EVENT, onUpdate);
    };
  }, [queryClient]);
}
