import { afterEach, describe, expect, test, vi } from 'vitest';
import { fakeApi } from '../../../testing';
import { addToCart } from './add-to-cart';

afterEach(() => vi.unstubAllGlobals());

describe('adding a configured piece to the cart', () => {
  test('an engraving picture is uploaded first and its id goes with the choices', async () => {
    const api = fakeApi(({ method, path }) => {
      if (method === 'POST' && path === '/api/cart/engraving-images')
        return {
          status: 201,
          body: { image: { id: 'e1', name: 'mark.png', url: '/api/engraving-images/e1' } },
        };
      if (method === 'POST' && path === '/api/cart/items') return { status: 201, body: { id: 'l1' } };
      return undefined!;
    });
    const picture = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'mark.png', { type: 'image/png' });
    await addToCart({ modelId: 'm1', choices: { materialId: 2 }, quantity: 1, laserImage: picture });
    expect(api.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      'POST /api/cart/engraving-images',
      'POST /api/cart/items',
    ]);
    expect(api.requests[0]!.body).toBeInstanceOf(FormData);
    expect((api.requests[0]!.body as FormData).get('image')).toBeInstanceOf(File);
    expect(api.requests[1]!.body).toEqual({
      modelId: 'm1',
      choices: { materialId: 2, laserImageFileId: 'e1' },
      quantity: 1,
    });
  });

  test('without a picture only the line is sent', async () => {
    const api = fakeApi(({ path }) =>
      path === '/api/cart/items' ? { status: 201, body: { id: 'l1' } } : undefined!,
    );
    await addToCart({ modelId: 'm1', choices: {}, quantity: 3, laserImage: null });
    expect(api.requests).toEqual([
      { method: 'POST', path: '/api/cart/items', body: { modelId: 'm1', choices: {}, quantity: 3 } },
    ]);
  });
});
