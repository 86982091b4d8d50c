import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ORDER_UPDATED_EVENT } from '@facet/domain/format';
import { chatClient, collect, connected, drained, until, type ClientSocket } from '../chat/chat-test-kit';
import { ordersTestKit } from './orders-test-kit';

/** Live order updates over real sockets: the order's customer and the production team hear a move. */

let k: Awaited<ReturnType<typeof ordersTestKit>>;
const sockets: ClientSocket[] = [];
const heard: Record<string, { orderId: string }[]> = {};
beforeAll(async () => {
  k = await ordersTestKit();
  await k.t.app.listen({ port: 0, host: '127.0.0.1' });
  const url = `http://127.0.0.1:${(k.t.app.server.address() as AddressInfo).port}`;
  for (const who of ['customer', 'other', 'staff', 'designer']) {
    const socket = chatClient(url, k.c[who]!);
    sockets.push(socket);
    await connected(socket);
    heard[who] = collect(socket, ORDER_UPDATED_EVENT as never) as never;
  }
}, 90_000);
afterAll(async () => {
  for (const s of sockets) s.disconnect();
  await k?.t.close();
});

describe('order moves are live', { timeout: 60_000 }, () => {
  test("a stage move reaches the order's customer and the production team, nobody else", async () => {
    const { orderId } = await k.paidOrder('customer');
    for (const who of Object.keys(heard)) heard[who]!.length = 0;
    const moved = await k.call('staff', 'POST', `/api/staff/orders/${orderId}/stage`, { stage: 1 });
    expect(moved.statusCode, moved.body).toBe(200);
    await until(
      () =>
        heard.customer!.some((p) => p.orderId === orderId) && heard.staff!.some((p) => p.orderId === orderId),
      5000,
      "the move's update at the customer and staff",
    );
    // a wrongly addressed update would have arrived before the round trip on those sockets
    await drained(...sockets);
    expect(heard.other).toEqual([]);
    expect(heard.designer).toEqual([]);
  });
});
