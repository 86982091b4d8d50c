import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api-client';
import { meQueryKey } from '../../../app/auth';
import { cartQueryKey } from '../../produce/api/add-to-cart';
import type { Reply, RequestBody, Schemas } from '../../../api';

/** The server-side cart: every price in it comes from the server (decision 022). */

export type Cart = Schemas['Cart'];
export type CartLine = Schemas['CartLine'];
export type ShippingMethod = Schemas['ShippingMethod'];
export type LinePatch = RequestBody<'/api/cart/items/{id}', 'patch'>;
export type CheckoutRequest = RequestBody<'/api/checkout', 'post'>;
export type CheckoutAnswer = Reply<'/api/checkout', 'post'>;

export { cartQueryKey };

export const useCart = () =>
  useQuery({
    queryKey: cartQueryKey,
    queryFn: ({ signal }) => unwrap(api.GET('/api/cart', { signal })),
  });

/** After a change: the cart again (totals, shipping) and the sub header's count. */
function useRefreshCart() {
  const client = useQueryClient();
  return () => {
    void client.invalidateQueries({ queryKey: cartQueryKey });
    void client.invalidateQueries({ queryKey: meQueryKey, exact: true });
  };
}

/** PATCH /api/cart/items/:id: a quantity re-priced by the server (quantity breaks), or a change acknowledged. */
export function useUpdateLine() {
  const refresh = useRefreshCart();
  return useMutation({
    mutationFn: ({ id, patch }: { id: string; patch: LinePatch }) =>
      unwrap(api.PATCH('/api/cart/items/{id}', { params: { path: { id } }, body: patch })),
    onSettled: refresh,
  });
}

export function useRemoveLine() {
  const refresh = useRefreshCart();
  return useMutation({
    mutationFn: (id: string) => unwrap(api.DELETE('/api/cart/items/{id}', { params: { path: { id } } })),
    onSettled: refresh,
  });
}

/** POST /api/checkout with the attempt's Idempotency-Key: the pending order and its hosted pay page. */
export function useCheckout() {
  const refresh = useRefreshCart();
  return useMutation({
    mutationFn: ({ body, key }: { body: CheckoutRequest; key: string }) =>
      unwrap(api.POST('/api/checkout', { params: { header: { 'idempotency-key': key } }, body })),
    // refused because a price changed: the cart shows the new prices
    onError: refresh,
  });
}
