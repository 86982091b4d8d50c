import { afterEach, describe, expect, test, vi } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi, me, renderAt } from '../../../testing';
import { cartLine, cartOf } from '../testing/cart-fakes';
import type { CartLine } from '../api/cart';
import { CartPage } from './cart-page';

vi.setConfig({ testTimeout: 20_000 });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** A server that keeps the cart and re-prices a quantity with a break from 10 pieces (20 % off). */
function serve(start: CartLine[]) {
  let lines = start;
  return fakeApi(({ method, path, body }) => {
    if (method === 'GET' && path === '/api/me')
      return { status: 200, body: { user: me({ firstTimeLogin: false, cartCount: lines.length }) } };
    if (method === 'GET' && path === '/api/cart') return { status: 200, body: cartOf(lines) };
    const id = path.split('/').pop();
    if (method === 'PATCH' && path.startsWith('/api/cart/items/')) {
      const patch = body as { quantity?: number; acknowledgePriceChange?: boolean };
      lines = lines.map((l) => {
        if (l.id !== id) return l;
        if (patch.acknowledgePriceChange) return { ...l, priceChanged: false, previousTotalCents: null };
        const q = patch.quantity ?? l.quantity;
        const unit = q >= 10 ? 2_840 : 3_550;
        return { ...l, quantity: q, unitPriceCents: unit, totalCents: unit * q };
      });
      return { status: 200, body: lines.find((l) => l.id === id) };
    }
    if (method === 'DELETE' && path.startsWith('/api/cart/items/')) {
      lines = lines.filter((l) => l.id !== id);
      return { status: 204 };
    }
    return undefined!;
  });
}

describe('the cart page', () => {
  test('shows each line with its configuration, price lock, totals from the server; a quantity re-prices live', async () => {
    const api = serve([
      cartLine(),
      cartLine({
        id: 'line-2',
        title: 'Pearl Bead Charm',
        source: 'library',
        quantity: 10,
        unitPriceCents: 1_000,
      }),
    ]);
    const u = userEvent.setup();
    renderAt('/cart', <CartPage />);
    const ring = await screen.findByRole('article', { name: 'ring.stl' });
    expect(document.title).toBe('Cart (2) · Facet');
    expect(within(ring).getByText(/Sterling Silver · Satin Polish · Engraved “A&B” in Script/)).toBeTruthy();
    expect(within(ring).getByText('Price held until Dec 2, 2026')).toBeTruthy();
    expect(within(ring).getByTestId('line-total').textContent).toBe('$71.00');
    expect(screen.getByTestId('subtotal').textContent).toBe('$171.00');
    expect(screen.getByTestId('shipping').textContent).toBe('$15.00');
    expect(screen.getByTestId('total').textContent).toBe('$186.00');

    const quantity = within(ring).getByLabelText('Quantity of ring.stl');
    await u.clear(quantity);
    await u.type(quantity, '10');
    await vi.waitFor(() => expect(within(ring).getByTestId('line-total').textContent).toBe('$284.00'), {
      timeout: 3000,
    });
    expect(screen.getByTestId('subtotal').textContent).toBe('$384.00');
    const patches = api.requests.filter((r) => r.method === 'PATCH');
    expect(patches).toHaveLength(1);
    expect(patches[0]!.body).toEqual({ quantity: 10 });
    expect(screen.getByRole('link', { name: 'Check out' }).getAttribute('href')).toBe('/checkout');
  });

  test('a changed price is highlighted and holds the checkout until acknowledged; a line can be removed', async () => {
    const api = serve([cartLine({ priceChanged: true, previousTotalCents: 6_000 })]);
    const u = userEvent.setup();
    renderAt('/cart', <CartPage />);
    const ring = await screen.findByRole('article', { name: 'ring.stl' });
    expect(within(ring).getByRole('alert').textContent).toContain(
      'The price changed: was $60.00, now $71.00.',
    );
    expect((screen.getByRole('button', { name: 'Check out' }) as HTMLButtonElement).disabled).toBe(true);
    await u.click(within(ring).getByRole('button', { name: 'OK, keep it' }));
    await screen.findByRole('link', { name: 'Check out' });
    expect(api.requests.find((r) => r.method === 'PATCH')!.body).toEqual({ acknowledgePriceChange: true });
    await u.click(screen.getByRole('button', { name: 'Remove ring.stl' }));
    await screen.findByRole('heading', { name: 'Your cart is empty' });
    expect(screen.getByRole('link', { name: 'Upload a model' }).getAttribute('href')).toBe('/produce/steps');
    expect(screen.getByRole('link', { name: 'Browse the library' }).getAttribute('href')).toBe(
      '/produce/design',
    );
  });
});
