import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap, formBody } from '../../../lib/api-client';
import { meQueryKey } from '../../../app/auth';
import type { Reply, RequestBody } from '../../../api';

/** The body of POST /api/cart/items: a model (or library design), the choices, a quantity; never a price. */
export type AddToCartRequest = RequestBody<'/api/cart/items', 'post'>;
export type AddedLine = Reply<'/api/cart/items', 'post', 201>;

/** The cart's query key (the commerce feature reads the cart under it). */
export const cartQueryKey = ['cart'] as const;

export type EngravingImage = Reply<'/api/cart/engraving-images', 'post', 201>['image'];

/** POST /api/cart/engraving-images: the engraving picture is stored first; the line carries its id. */
export function uploadEngravingImage(file: File) {
  const form = new FormData();
  form.append('image', file, file.name);
  return unwrap(api.POST('/api/cart/engraving-images', { body: formBody(form) }));
}

/**
 * POST /api/cart/items: the server prices the line from the stored model and the catalog. An engraving
 * image chosen in the configurator is uploaded first and goes with the line's choices.
 */
export async function addToCart({ laserImage, ...request }: AddToCartRequest & { laserImage?: File | null }) {
  if (!laserImage) return unwrap(api.POST('/api/cart/items', { body: request }));
  const { image } = await uploadEngravingImage(laserImage);
  return unwrap(
    api.POST('/api/cart/items', {
      body: {
        ...request,
        choices: { ...request.choices, laserImageFileId: image.id },
      },
    }),
  );
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
