import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { act, cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi, fakeSocket, me, renderAt } from '../../../testing';
import { order } from '../testing/fixtures';
import { OrderDetailsPage } from './order-details-page';

vi.mock('../../../lib/socket', async () => (await import('../../../testing/fake-socket')).socketModule);
vi.setConfig({ testTimeout: 20_000 });

beforeEach(() => fakeSocket.reset());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const signedIn = { status: 200, body: { user: me({ firstTimeLogin: false }) } };
const at = (day: number) => new Date(Date.UTC(2026, 10, day, 15)).toISOString();

describe('order details', () => {
  test('items with their configuration, the timeline, promised date, lateness, receipt; live moves', async () => {
    let current = order();
    fakeApi(({ path }) => {
      if (path === '/api/me') return signedIn;
      if (path === '/api/orders/o1') return { status: 200, body: { order: current } };
      return undefined!;
    });
    renderAt('/order-details/o1', <OrderDetailsPage />, '/order-details/:id');
    expect(await screen.findByRole('heading', { name: 'Signet ring', level: 1 })).toBeTruthy();
    expect(document.title).toBe('Order #AB12CD34 · Facet');
    const item = screen.getByRole('heading', { name: 'Signet ring', level: 3 }).closest('li')!;
    for (const text of [
      '14K Yellow Gold',
      'High Polish',
      '“A & B” in Script',
      '2.4 g',
      '2 × $290.00',
      '$580.00',
    ])
      expect(within(item).getByText(text)).toBeTruthy();
    const timeline = screen.getByRole('list', { name: 'Production stages' });
    const steps = within(timeline).getAllByRole('listitem');
    expect(steps.map((s) => s.textContent)).toEqual([
      'RECEIVEDNov 20, 2026',
      'PROCESSINGUpcoming',
      '3D PRINTINGUpcoming',
      'CASTINGUpcoming',
      'POLISHUpcoming',
      'FINAL QUALITY CHECKUpcoming',
      'DELIVERYUpcoming',
    ]);
    expect(steps[0]!.getAttribute('aria-current')).toBe('step');
    expect(screen.getByText('Nov 30, 2026')).toBeTruthy();
    expect(screen.getByText('On Track')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Receipt' }).getAttribute('href')).toBe(
      '/api/payments/pay1/receipt',
    );
    expect(screen.queryByLabelText('Shipment')).toBeNull();

    // staff move it on and ship it: the page follows over the socket
    current = order({
      stage: 1,
      stageName: 'PROCESSING',
      cancellable: false,
      lateness: '3 hour(s) Late',
      stages: [
        { code: 0, name: 'RECEIVED', at: at(20) },
        { code: 1, name: 'PROCESSING', at: at(23) },
      ],
      shipments: [{ carrier: 'UPS', trackingNumber: '1Z999', at: at(24) }],
    });
    act(() =>
      fakeSocket.fire('order-updated', {
        orderId: 'o1',
        status: 'paid',
        stage: 1,
        stageName: 'PROCESSING',
        shipped: true,
      }),
    );
    expect(await screen.findByText('PROCESSING', { selector: '[data-testid="order-stage"]' })).toBeTruthy();
    expect(within(timeline).getAllByRole('listitem')[1]!.textContent).toBe('PROCESSINGNov 23, 2026');
    expect(screen.getByText('3 hour(s) Late')).toBeTruthy();
    expect(screen.getByTestId('tracking-number').textContent).toBe('1Z999');
    expect(within(screen.getByLabelText('Shipment')).getByText('UPS')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Cancel order' })).toBeNull();
  });

  test("an item engraved with the customer's picture shows it, linked to the full image", async () => {
    const base = order();
    const engraved = {
      ...base,
      items: [
        {
          ...base.items[0]!,
          configuration: {
            material: 'Sterling Silver',
            laserEngraving: {
              name: 'Laser',
              text: 'Ava',
              font: { id: 1, name: 'Script' },
              image: '/api/engraving-images/e1',
            },
          },
        },
      ],
    };
    fakeApi(({ path }) => {
      if (path === '/api/me') return signedIn;
      if (path === '/api/orders/o1') return { status: 200, body: { order: engraved } };
      return undefined!;
    });
    renderAt('/order-details/o1', <OrderDetailsPage />, '/order-details/:id');
    const picture = await screen.findByRole('img', { name: 'The engraving image' });
    expect(picture.getAttribute('src')).toBe('/api/engraving-images/e1');
    expect(picture.closest('a')!.getAttribute('href')).toBe('/api/engraving-images/e1');
    expect(screen.getByText('“Ava” in Script')).toBeTruthy();
  });

  test('cancel while RECEIVED asks first, then refunds', async () => {
    const api = fakeApi(({ path, method }) => {
      if (path === '/api/me') return signedIn;
      if (method === 'GET' && path === '/api/orders/o1') return { status: 200, body: { order: order() } };
      if (method === 'POST' && path === '/api/orders/o1/cancel')
        return {
          status: 200,
          body: {
            order: order({
              status: 'cancelled',
              stage: 7,
              stageName: 'CANCELLED',
              cancellable: false,
              lateness: null,
              stages: [
                { code: 0, name: 'RECEIVED', at: at(20) },
                { code: 7, name: 'CANCELLED', at: at(21) },
              ],
              cancelledAt: at(21),
              payment: { ...order().payment!, status: 'refunded', refundedAt: at(21) },
            }),
          },
        };
      return undefined!;
    });
    const u = userEvent.setup();
    renderAt('/order-details/o1', <OrderDetailsPage />, '/order-details/:id');
    await u.click(await screen.findByRole('button', { name: 'Cancel order' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel this order?' });
    expect(within(dialog).getByText(/\$595\.00 will be refunded/)).toBeTruthy();
    await u.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(api.requests.some((c) => c.path === '/api/orders/o1/cancel')).toBe(false);
    await u.click(screen.getByRole('button', { name: 'Cancel order' }));
    await u.click(
      within(await screen.findByRole('dialog', { name: 'Cancel this order?' })).getByRole('button', {
        name: 'Cancel order',
      }),
    );
    expect(await screen.findByText('Order cancelled')).toBeTruthy();
    expect(screen.getByText('CANCELLED', { selector: '[data-testid="order-stage"]' })).toBeTruthy();
    expect(screen.getByText('Refunded')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Receipt (refunded)' })).toBeTruthy();
    expect(
      within(screen.getByRole('list', { name: 'Production stages' }))
        .getAllByRole('listitem')
        .map((s) => s.textContent),
    ).toEqual(['RECEIVEDNov 20, 2026', 'CANCELLEDNov 21, 2026']);
    expect(api.requests.filter((c) => c.path === '/api/orders/o1/cancel')).toHaveLength(1);
  });

  test('back from the pay page: processing until the payment is confirmed, then the order is placed', async () => {
    let confirmed = false;
    fakeApi(({ path }) => {
      if (path === '/api/me') return signedIn;
      if (path === '/api/orders/o1')
        return {
          status: 200,
          body: {
            order: confirmed
              ? order()
              : order({
                  status: 'awaiting_payment',
                  stage: null,
                  stageName: null,
                  paidAt: null,
                  stages: [],
                  lateness: null,
                }),
          },
        };
      if (path === '/api/payments/pay1')
        return {
          status: 200,
          body: {
            id: 'pay1',
            purpose: 'cart',
            subjectId: 'o1',
            projectId: null,
            description: 'Order AB12CD34',
            status: confirmed ? 'succeeded' : 'pending',
            amountCents: 59_500,
            currency: 'usd',
            failureMessage: null,
            createdAt: at(20),
            succeededAt: null,
            refundedAt: null,
            receiptUrl: null,
          },
        };
      return undefined!;
    });
    renderAt('/order-details/o1?payment=pay1', <OrderDetailsPage />, '/order-details/:id');
    expect(await screen.findByText(/Processing your payment/)).toBeTruthy();
    expect(screen.queryByRole('list', { name: 'Production stages' })).toBeNull();
    confirmed = true;
    expect(await screen.findByText('Thank you, your order is placed.', {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.queryByText(/Processing your payment/)).toBeNull();
    expect(screen.getByRole('list', { name: 'Production stages' })).toBeTruthy();
  });

  test("another customer's order (404) shows not found", async () => {
    fakeApi(({ path }) => {
      if (path === '/api/me') return signedIn;
      if (path === '/api/orders/o9')
        return { status: 404, body: { error: { code: 'not_found', message: 'Order was not found.' } } };
      return undefined!;
    });
    renderAt('/order-details/o9', <OrderDetailsPage />, '/order-details/:id');
    expect(await screen.findByRole('heading', { name: 'We could not find this order' })).toBeTruthy();
  });
});
