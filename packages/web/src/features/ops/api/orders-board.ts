import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Reply, Schemas } from '../../../api';
import { api } from '../../../lib/api-client';

export type StaffOrder = Schemas['OrderSummary'];
export type OrderDetail = Schemas['Order'];

const enc = encodeURIComponent;
export const staffOrderKeys = {
  list: ['staff', 'orders'] as const,
  detail: (id: string) => ['staff', 'orders', id] as const,
};

/** Every order for the production board; asked again every 15 s for other staff members' moves. */
export const useStaffOrders = () =>
  useQuery({
    queryKey: staffOrderKeys.list,
    queryFn: ({ signal }) =>
      api.get<Reply<'/api/staff/orders', 'get'>>('/api/staff/orders', { signal, query: { status: 'all' } }),
    select: (data) => data.orders,
    refetchInterval: 15_000,
  });

export const useStaffOrder = (id: string | null) =>
  useQuery({
    queryKey: staffOrderKeys.detail(id ?? ''),
    enabled: Boolean(id),
    queryFn: ({ signal }) => api.get<Reply<'/api/orders/{id}', 'get'>>(`/api/orders/${enc(id!)}`, { signal }),
    select: (data) => data.order,
  });

function useRefreshOrders() {
  const queryClient = useQueryClient();
  return (data: { order: OrderDetail }) => {
    queryClient.setQueryData(staffOrderKeys.detail(data.order.id), data);
    void queryClient.invalidateQueries({ queryKey: staffOrderKeys.list, exact: true });
  };
}

/** One stage on (the whole order, or one item). */
export function useMoveStage() {
  const refresh = useRefreshOrders();
  return useMutation({
    mutationFn: ({ orderId, stage, itemId }: { orderId: string; stage: number; itemId?: string }) =>
      api.post<Reply<'/api/staff/orders/{id}/stage', 'post'>>(`/api/staff/orders/${enc(orderId)}/stage`, {
        stage,
        ...(itemId ? { itemId } : {}),
      }),
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
      api.post<Reply<'/api/staff/orders/{id}/shipment', 'post'>>(
        `/api/staff/orders/${enc(orderId)}/shipment`,
        { carrier, trackingNumber },
      ),
    onSuccess: refresh,
  });
}
