import { afterEach, describe, expect, test, vi } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi, me, renderAt } from '../../../testing';
import { CreditsPage } from './credits-page';
import { badCode, memberships, myCredits } from '../testing/billing-fakes';

vi.setConfig({ testTimeout: 20_000 });

const UNAVAILABLE = 'Payments are briefly unavailable; nothing was charged. Please try again in a minute.';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('/credits', () => {
  test('the balance, the cost of a generation, the history; a pack bought with a code goes to the pay page', async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    const api = fakeApi(({ method, path, body }) => {
      if (method === 'GET' && path === '/api/me') return { status: 200, body: { user: me() } };
      if (method === 'GET' && path === '/api/memberships') return { status: 200, body: memberships };
      if (method === 'GET' && path === '/api/me/credits') return { status: 200, body: myCredits() };
      if (method === 'GET' && path === '/api/me/credits/preview') {
        return {
          status: 200,
          body: { pack: memberships.packs[1], listPriceCents: 2400, discountCents: 240, amountCents: 2160 },
        };
      }
      if (method === 'POST' && path === '/api/me/credits/purchase')
        return {
          status: 200,
          body: { paymentId: 'pay2', checkoutUrl: 'http://localhost/sandbox/checkout/cs2', echo: body },
        };
      return undefined!;
    });
    const u = userEvent.setup();
    renderAt('/credits', <CreditsPage />);
    expect(await screen.findByTestId('credit-balance')).toBeTruthy();
    expect(screen.getByTestId('credit-balance').textContent).toBe('170');
    expect(screen.getByTestId('purchased-credits').textContent).toBe('150');
    expect(await screen.findByText(/4 credits a generation, 2 a regeneration/)).toBeTruthy();
    const history = screen.getByRole('table');
    expect(within(history).getByText('Bought 150 credits')).toBeTruthy();
    expect(within(history).getByText('+150')).toBeTruthy();

    expect((screen.getByRole('button', { name: 'Choose a pack' }) as HTMLButtonElement).disabled).toBe(true);
    await u.click(screen.getByRole('radio', { name: /150 credits/ }));
    await u.type(screen.getByLabelText('Discount code'), 'tenoff{Enter}');
    await u.click(await screen.findByRole('button', { name: 'Buy for $21.60' }));
    await vi.waitFor(() => expect(assign).toHaveBeenCalledWith('http://localhost/sandbox/checkout/cs2'));
    const post = api.requests.find((r) => r.method === 'POST')!;
    expect(post.body).toEqual({ pack: 'pack-150', discountCode: 'TENOFF' });
    expect(post.headers?.['idempotency-key']).toMatch(/^credits-/);
  });

  test('a refused code shows its text and the pack cannot be bought with it; no history shows an empty state', async () => {
    const api = fakeApi(({ method, path }) => {
      if (method === 'GET' && path === '/api/me') return { status: 200, body: { user: me() } };
      if (method === 'GET' && path === '/api/memberships') return { status: 200, body: memberships };
      if (method === 'GET' && path === '/api/me/credits')
        return { status: 200, body: myCredits({ history: [] }) };
      if (method === 'GET' && path === '/api/me/credits/preview') return badCode;
      return undefined!;
    });
    const u = userEvent.setup();
    renderAt('/credits', <CreditsPage />);
    expect(await screen.findByText('No credit activity yet')).toBeTruthy();
    await u.click(await screen.findByRole('radio', { name: /^50 credits/ }));
    await u.type(screen.getByLabelText('Discount code'), 'nope');
    await u.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText('This discount code is not valid.')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Choose a pack' }) as HTMLButtonElement).disabled).toBe(true);
    expect(api.requests.some((r) => r.method === 'POST')).toBe(false);
  });

  test('the gateway away: its message is shown (never a code); Buy again is the same attempt', async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    let posts = 0;
    const api = fakeApi(({ method, path }) => {
      if (method === 'GET' && path === '/api/me') return { status: 200, body: { user: me() } };
      if (method === 'GET' && path === '/api/memberships') return { status: 200, body: memberships };
      if (method === 'GET' && path === '/api/me/credits') return { status: 200, body: myCredits() };
      if (method === 'GET' && path === '/api/me/credits/preview') {
        return {
          status: 200,
          body: { pack: memberships.packs[0], listPriceCents: 900, discountCents: 0, amountCents: 900 },
        };
      }
      if (method === 'POST' && path === '/api/me/credits/purchase') {
        posts += 1;
        return posts === 1
          ? { status: 503, body: { error: { code: 'payments_unavailable', message: UNAVAILABLE } } }
          : {
              status: 200,
              body: { paymentId: 'pay3', checkoutUrl: 'http://localhost/sandbox/checkout/cs3' },
            };
      }
      return undefined!;
    });
    const u = userEvent.setup();
    renderAt('/credits', <CreditsPage />);
    await u.click(await screen.findByRole('radio', { name: /^50 credits/ }));
    await u.click(await screen.findByRole('button', { name: 'Buy for $9.00' }));
    expect((await screen.findByRole('alert')).textContent).toBe(UNAVAILABLE);
    expect(screen.queryByText(/payments_unavailable/)).toBeNull();
    expect(assign).not.toHaveBeenCalled();
    await u.click(screen.getByRole('button', { name: 'Buy for $9.00' }));
    await vi.waitFor(() => expect(assign).toHaveBeenCalledWith('http://localhost/sandbox/checkout/cs3'));
    const keys = api.requests.filter((r) => r.method === 'POST').map((r) => r.headers?.['idempotency-key']);
    expect(keys).toHaveLength(2);
    expect(keys[1]).toBe(keys[0]);
  });

  test('back from the pay page: polled until the payment is decided, then the credits are read again', async () => {
    let status = 'pending';
    let credits = myCredits({ purchased: 0, balance: 20, history: [] });
    fakeApi(({ method, path }) => {
      if (method === 'GET' && path === '/api/me') return { status: 200, body: { user: me() } };
      if (method === 'GET' && path === '/api/memberships') return { status: 200, body: memberships };
      if (method === 'GET' && path === '/api/me/credits') return { status: 200, body: credits };
      if (method === 'GET' && path === '/api/payments/pay9')
        return {
          status: 200,
          body: {
            id: 'pay9',
            purpose: 'credits',
            subjectId: 's1',
            projectId: null,
            description: 'Facet credits: 50 credits',
            status,
            amountCents: 900,
            currency: 'usd',
            failureMessage: null,
            createdAt: '2026-11-25T08:00:00.000Z',
            succeededAt: null,
            refundedAt: null,
            receiptUrl: null,
          },
        };
      return undefined!;
    });
    renderAt('/credits?payment=pay9', <CreditsPage />);
    expect(await screen.findByText('Thank you: your payment is being confirmed.')).toBeTruthy();
    status = 'succeeded';
    credits = myCredits({ purchased: 50, balance: 70 });
    expect(
      await screen.findByText('Payment of $9.00 received. Your credits are added.', undefined, {
        timeout: 5000,
      }),
    ).toBeTruthy();
    await vi.waitFor(() => expect(screen.getByTestId('purchased-credits').textContent).toBe('50'));
  });
});
