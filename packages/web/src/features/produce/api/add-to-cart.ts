import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { meQueryKey } from '../../../app/auth';
import type { Reply, RequestBody } from '../../../api';

/** The body of POST /api/cart/items: a model (or library design), the choices, a quantity; never a price. */
export type AddToCartRequest = RequestBody<'/api/cart/items', 'post'>;
export type AddedLine = Reply<'/api/cart/items', 'post', 201>;

/** The cart's query key (the commerce feature reads the cart under it). */
export const cartQueryKey = ['cart'] as const;

/** POST /api/cart/items: the server prices the line from the stored model and the catalog. */
export function addToCart(request: AddToCartRequest) {
  return api.post<AddedLine>('/api/cart/items', request);
}

export function useAddToCart() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: addToCart,
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: cartQueryKey });
      // the sub header's cart button counts the lines
      void client.invalidateQueries({ queryKey: meQueryKey, exact: true });
    },
  });
}
