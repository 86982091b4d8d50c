import { afterEach, describe, expect, test, vi } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi, me, renderAt } from '../../../testing';
import type { Recorded } from '../../../testing';
import { cartLine, cartOf } from '../testing/cart-fakes';
import { CheckoutPage } from './checkout-page';

vi.setConfig({ testTimeout: 20_000 });

const UNAVAILABLE = 'Payments are briefly unavailable; nothing was charged. Please try again in a minute.';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function serve(answer?: (request: Recorded) => { status: number; body?: unknown } | undefined) {
  return fakeApi((request) => {
    const { method, path } = request;
    if (method === 'GET' && path === '/api/me')
      return { status: 200, body: { user: me({ firstTimeLogin: false }) } };
    if (method === 'GET' && path === '/api/cart') return { status: 200, body: cartOf([cartLine()]) };
    return answer?.(request) ?? undefined!;
  });
}

describe('the checkout page', () => {
  test('prefills the address from the profile, offers the methods with their dates and pays with one key per attempt', async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    const api = serve(({ method, path }) =>
      method === 'POST' && path === '/api/checkout'
        ? {
            status: 200,
            body: { orderId: 'o1', paymentId: 'p1', checkoutUrl: 'http://localhost/sandbox/checkout/s1' },
          }
        : undefined,
    );
    const u = userEvent.setup();
    renderAt('/checkout', <CheckoutPage />);
    expect((await screen.findByLabelText(/^Full name/)) as HTMLInputElement).toHaveProperty(
      'value',
      'Ada Lovelace',
    );
    expect((screen.getByLabelText(/^Street/) as HTMLInputElement).value).toBe('5 Canal St');
    await vi.waitFor(() => expect((screen.getByLabelText(/^State/) as HTMLSelectElement).value).toBe('NY'));
    expect(screen.getByText('Arrives by Dec 16, 2026')).toBeTruthy();
    expect(screen.getByText('Arrives by Dec 11, 2026')).toBeTruthy();
    expect(screen.getByTestId('total').textContent).toBe('$86.00');
    await u.click(screen.getByRole('radio', { name: /Express/ }));
    expect(screen.getByTestId('total').textContent).toBe('$106.00');
    await u.click(screen.getByRole('button', { name: 'Pay $106.00' }));
    await vi.waitFor(() => expect(assign).toHaveBeenCalledWith('http://localhost/sandbox/checkout/s1'));
    const sent = api.requests.filter((r) => r.method === 'POST' && r.path === '/api/checkout');
    expect(sent).toHaveLength(1);
    expect(sent[0]!.body).toEqual({
      shippingAddress: {
        name: 'Ada Lovelace',
        phone: '2125550123',
        country: 'US',
        state: 'NY',
        city: 'New York',
        street: '5 Canal St',
        zipcode: '10013',
      },
      shippingMethod: 'express',
    });
    const checkout = api.requests.find((r) => r.path === '/api/checkout');
    expect(checkout?.headers?.['idempotency-key']).toMatch(/^checkout-/);
  });

  test('the gateway away: its message is shown (never a code); Pay again is the same attempt', async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    let posts = 0;
    const api = serve(({ method, path }) => {
      if (method !== 'POST' || path !== '/api/checkout') return undefined;
      posts += 1;
      return posts === 1
        ? { status: 503, body: { error: { code: 'payments_unavailable', message: UNAVAILABLE } } }
        : {
            status: 200,
            body: { orderId: 'o1', paymentId: 'p1', checkoutUrl: 'http://localhost/sandbox/checkout/s1' },
          };
    });
    const u = userEvent.setup();
    renderAt('/checkout', <CheckoutPage />);
    await vi.waitFor(() => expect((screen.getByLabelText(/^State/) as HTMLSelectElement).value).toBe('NY'));
    await u.click(screen.getByRole('button', { name: /^Pay/ }));
    expect(await screen.findByText(UNAVAILABLE)).toBeTruthy();
    expect(screen.queryByText(/payments_unavailable/)).toBeNull();
    await u.click(screen.getByRole('button', { name: /^Pay/ }));
    await vi.waitFor(() => expect(assign).toHaveBeenCalledWith('http://localhost/sandbox/checkout/s1'));
    const keys = api.requests
      .filter((r) => r.path === '/api/checkout')
      .map((r) => r.headers?.['idempotency-key']);
    expect(keys).toHaveLength(2);
    expect(keys[1]).toBe(keys[0]);
    expect(api.requests.filter((r) => r.path === '/api/checkout')).toHaveLength(2);
  });

  test('a missing street is refused in the browser; a price change from the server sends the customer to the cart', async () => {
    const api = serve(({ method, path }) =>
      method === 'POST' && path === '/api/checkout'
        ? {
            status: 409,
            body: { error: { code: 'prices_changed', message: 'Some prices changed since you added them.' } },
          }
        : undefined,
    );
    const u = userEvent.setup();
    renderAt('/checkout?payment=p0&cancelled=1', <CheckoutPage />);
    expect(await screen.findByText('Payment cancelled. Nothing was charged.')).toBeTruthy();
    const street = await screen.findByLabelText(/^Street/);
    await u.clear(street);
    await u.click(screen.getByRole('button', { name: /^Pay/ }));
    expect(await screen.findByText('Street is required')).toBeTruthy();
    expect(api.requests.some((r) => r.path === '/api/checkout')).toBe(false);
    await u.type(street, '1 Main St');
    await u.click(screen.getByRole('button', { name: /^Pay/ }));
    expect(await screen.findByText('Some prices changed since you added them.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Review the new prices' }).getAttribute('href')).toBe('/cart');
  });
});
