import { useEffect } from 'react';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ORDER_UPDATED_EVENT } from '@facet/domain/format';
import type { StageWire } from '@facet/domain/workflow';
import type { Schemas } from '../../../api';
import { api, unwrap } from '../../../lib/api-client';
import { coalesce } from '../../../lib/coalesce';
import { getSocket } from '../../../lib/socket';

export type StaffOrder = Schemas['OrderSummary'];
export type OrderDetail = Schemas['Order'];

export const staffOrderKeys = {
  lists: ['staff', 'orders', 'list'] as const,
  list: (status: 'active' | 'delivered') => ['staff', 'orders', 'list', status] as const,
  detail: (id: string) => ['staff', 'orders', id] as const,
};

/** The board's most recent deliveries (its last column); older ones are in the orders' history. */
export const DELIVERED_SHOWN = 12;
const BOARD_PAGE = 200;

/**
 * The orders in production (paid, not yet delivered), 200 at a time, for the board. Other staff members'
 * moves arrive live (`useLiveOrders`); asking again every 15 s covers a socket that was away.
 */
export const useStaffOrders = () =>
  useInfiniteQuery({
    queryKey: staffOrderKeys.list('active'),
    initialPageParam: null as string | null,
    queryFn: ({ signal, pageParam }) =>
      unwrap(
        api.GET('/api/staff/orders', {
          params: { query: { status: 'active', limit: BOARD_PAGE, cursor: pageParam ?? undefined } },
          signal,
        }),
      ),
    getNextPageParam: (last) => last.nextCursor,
    select: (data) => data.pages.flatMap((page) => page.orders),
    refetchInterval: 15_000,
  });

/** The latest deliveries, for the board's DELIVERY column. */
export const useDeliveredOrders = () =>
  useQuery({
    queryKey: staffOrderKeys.list('delivered'),
    queryFn: ({ signal }) =>
      unwrap(
        api.GET('/api/staff/orders', {
          params: { query: { status: 'delivered', limit: DELIVERED_SHOWN } },
          signal,
        }),
      ),
    refetchInterval: 15_000,
  });

export const useStaffOrder = (id: string | null) =>
  useQuery({
    queryKey: staffOrderKeys.detail(id ?? ''),
    enabled: Boolean(id),
    queryFn: ({ signal }) => unwrap(api.GET('/api/orders/{id}', { params: { path: { id: id! } }, signal })),
    select: (data) => data.order,
  });

function useRefreshOrders() {
  const queryClient = useQueryClient();
  return (data: { order: OrderDetail }) => {
    queryClient.setQueryData(staffOrderKeys.detail(data.order.id), data);
    void queryClient.invalidateQueries({ queryKey: staffOrderKeys.lists });
  };
}

/** One stage on (the whole order, or one item). */
export function useMoveStage() {
  const refresh = useRefreshOrders();
  return useMutation({
    mutationFn: ({ orderId, stage, itemId }: { orderId: string; stage: StageWire; itemId?: string }) =>
      unwrap(
        api.POST('/api/staff/orders/{id}/stage', {
          params: { path: { id: orderId } },
          body: {
            stage,
            ...(itemId ? { itemId } : {}),
          },
        }),
      ),
    onSuccess: refresh,
  });
}

export function useAddShipment() {
  const refresh = useRefreshOrders();
  return useMutation({
    mutationFn: ({
      orderId,
      carrier,
      trackingNumber,
    }: {
      orderId: string;
      carrier: string;
      trackingNumber: string;
    }) =>
      unwrap(
        api.POST('/api/staff/orders/{id}/shipment', {
          params: { path: { id: orderId } },
          body: { carrier, trackingNumber },
        }),
      ),
    onSuccess: refresh,
  });
}

/** Live board: any order moved (by another staff member, or a payment confirmed) — the board asks again. */
export function useLiveOrders() {
  const queryClient = useQueryClient();
  useEffect(() => {
    const socket = getSocket();
    // staff hear every order's moves: a burst asks for the board (and each order open) once
    const moved = new Set<string>();
    // a read already on its way (this member's own move asked for it) is not cancelled for another
    const keep = { cancelRefetch: false };
    const refresh = coalesce(() => {
      void queryClient.invalidateQueries({ queryKey: staffOrderKeys.lists }, keep);
      for (const id of moved)
        void queryClient.invalidateQueries({ queryKey: staffOrderKeys.detail(id) }, keep);
      moved.clear();
    });
    const onUpdate = (payload: { orderId: string }) => {
      moved.add(payload.orderId);
      refresh.call();
    };
    socket.on(ORDER_UPDATED_EVENT, onUpdate);
    return () => {
      socket.off(ORDER_UPDATED_EVENT, onUpdate);
      refresh.cancel();
    };
  }, [queryClient]);
}
