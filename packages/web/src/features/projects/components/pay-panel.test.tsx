import { afterEach, describe, expect, test, vi } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PayPanel } from './pay-panel';
import { fakeApi, me, renderAt } from '../../../testing';

vi.setConfig({ testTimeout: 20_000 });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

type Latest = {
  id: string;
  status: 'pending' | 'succeeded' | 'failed' | 'refunded';
  failureMessage: string | null;
};

function payment(latest: Latest | null) {
  return {
    amountCents: 48_000,
    heldInEscrow: true,
    lines: [
      { label: 'Design by Ava Stone', amountCents: 48_000 },
      { label: 'Service fee', amountCents: 0 },
    ],
    latestPayment: latest && {
      ...latest,
      amountCents: 48_000,
      createdAt: '2026-11-20T10:00:00.000Z',
      currency: 'usd',
      description: 'Signet ring (design)',
      projectId: 'p1',
      purpose: 'project',
      receiptUrl: null,
      refundedAt: null,
      subjectId: 'p1',
      succeededAt: null,
    },
  };
}

function answering(
  latest: Latest | null,
  post?: { status: number; body: unknown },
  gateway: () => Latest['status'] = () => latest?.status ?? 'pending',
) {
  return fakeApi(({ method, path }) => {
    if (path === '/api/me') return { status: 200, body: { user: me() } };
    if (method === 'GET' && path === '/api/payments/pay1')
      return { status: 200, body: { ...payment(latest).latestPayment, status: gateway() } };
    if (method === 'GET' && path === '/api/projects/p1/payment')
      return { status: 200, body: payment(latest) };
    if (method === 'POST' && path === '/api/projects/p1/payment')
      return (
        post ?? {
          status: 200,
          body: { paymentId: 'pay1', checkoutUrl: 'http://localhost/sandbox/checkout/cs_1' },
        }
      );
    return undefined!;
  });
}

const panel = <PayPanel kind="project" id="p1" projectId="p1" title="Payment" />;

describe('the customer pay panel', () => {
  test('shows the amount with its lines; Pay opens the hosted page with an idempotency key', async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    const api = answering(null);
    renderAt('/projects/p1', panel);
    const pay = await screen.findByRole('button', { name: 'Pay $480.00' });
    expect(screen.getByText('Design by Ava Stone')).toBeTruthy();
    expect(screen.getByText('Total')).toBeTruthy();
    await userEvent.setup().click(pay);
    await vi.waitFor(() => expect(assign).toHaveBeenCalledWith('http://localhost/sandbox/checkout/cs_1'));
    const post = api.requests.find((r) => r.method === 'POST')!;
    expect(post.path).toBe('/api/projects/p1/payment');
    expect(post.headers?.['idempotency-key']).toMatch(/^pay-[0-9a-f-]{36}$/);
  });

  test('the gateway refusing: the toast says so in words (never a code); Pay again is the same attempt', async () => {
    const refused =
      'Our payment partner could not complete this; nothing changed. Please try again later or contact us.';
    const api = answering(null, {
      status: 502,
      body: { error: { code: 'gateway_refused', message: refused } },
    });
    renderAt('/projects/p1', panel);
    const u = userEvent.setup();
    await u.click(await screen.findByRole('button', { name: 'Pay $480.00' }));
    expect(await screen.findByText(refused)).toBeTruthy();
    expect(screen.queryByText(/gateway_refused/)).toBeNull();
    await u.click(screen.getByRole('button', { name: 'Pay $480.00' }));
    await vi.waitFor(() => expect(api.requests.filter((r) => r.method === 'POST')).toHaveLength(2));
    const [first, second] = api.requests.filter((r) => r.method === 'POST');
    expect(second!.headers?.['idempotency-key']).toBe(first!.headers?.['idempotency-key']);
  });

  test('back from the hosted page: confirming, the Pay button held until the gateway answers', async () => {
    answering({ id: 'pay1', status: 'pending', failureMessage: null });
    renderAt('/projects/p1?payment=pay1', panel, '/projects/:id');
    expect(await screen.findByText('Confirming your payment…')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Pay $480.00' }) as HTMLButtonElement).disabled).toBe(true);
  });

  test('a cancelled payment says nothing was charged', async () => {
    answering({ id: 'pay1', status: 'pending', failureMessage: null });
    renderAt('/projects/p1?payment=pay1&cancelled=1', panel, '/projects/:id');
    expect(await screen.findByText('Payment cancelled. Nothing was charged.')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Pay $480.00' }) as HTMLButtonElement).disabled).toBe(false);
  });

  test('back after a declined card then a good one: confirming until the success arrives, not the decline', async () => {
    // the decline's event came first: the payment reads failed, then succeeded once the gateway's event lands
    let reads = 0;
    const api = answering(
      { id: 'pay1', status: 'failed', failureMessage: 'Your card was declined.' },
      undefined,
      () => ((reads += 1) < 2 ? 'failed' : 'succeeded'),
    );
    renderAt('/projects/p1?payment=pay1', panel, '/projects/:id');
    expect(await screen.findByText('Confirming your payment…')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    // the success is seen, and the project's payment is read again
    await vi.waitFor(() => expect(reads).toBeGreaterThanOrEqual(2), { timeout: 5000 });
    await vi.waitFor(() =>
      expect(api.requests.filter((r) => r.path === '/api/projects/p1/payment').length).toBeGreaterThanOrEqual(
        2,
      ),
    );
  });

  test("a declined card shows the gateway's reason and lets the customer try again", async () => {
    answering({ id: 'pay1', status: 'failed', failureMessage: 'Your card was declined.' });
    renderAt('/projects/p1', panel, '/projects/:id');
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Your last payment did not go through: Your card was declined.',
    );
    expect((screen.getByRole('button', { name: 'Pay $480.00' }) as HTMLButtonElement).disabled).toBe(false);
  });

  test("a refused start shows the server's message", async () => {
    answering(null, {
      status: 409,
      body: { error: { code: 'not_at_payment', message: 'This project is not waiting for a payment.' } },
    });
    renderAt('/projects/p1', panel);
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Pay $480.00' }));
    expect(await screen.findByText('This project is not waiting for a payment.')).toBeTruthy();
  });
});
