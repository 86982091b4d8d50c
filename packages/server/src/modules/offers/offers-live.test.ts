import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { ProjectUpdatedPayload } from '@facet/domain/chat';
import { chatWorld, collect, drained, until, type ClientSocket } from '../chat/chat-test-kit';

/**
 * Offers and status moves arrive live (issue 16, item 2): each party hears `projectUpdated` on their own
 * socket channel within a second of the change, without joining any chat room; a refused pro hears of
 * their own refusal and nothing after it.
 */

const w = chatWorld();
const LIVE_MS = 1000;
const heard: Record<string, ProjectUpdatedPayload[]> = {};
const sockets: Record<string, ClientSocket> = {};

beforeAll(async () => {
  await w.start();
  // connected, in no chat room: the Offers tab and the project page listen like this
  for (const who of ['customer', 'designer', 'designer2', 'designer3', 'staff']) {
    sockets[who] = await w.client(who);
    heard[who] = collect(sockets[who], 'projectUpdated');
  }
}, 60_000);
afterAll(async () => w.stop());

/** Runs the change and waits (at most a second) until `who` heard news matching `match`. */
async function within1s(who: string, match: Partial<ProjectUpdatedPayload>, change: () => Promise<unknown>) {
  const before = heard[who]!.length;
  await change();
  // from the moment the change is answered (committed) until the party hears it
  const started = Date.now();
  const fits = (n: ProjectUpdatedPayload) =>
    Object.entries(match).every(([k, v]) => n[k as keyof ProjectUpdatedPayload] === v);
  await until(() => heard[who]!.slice(before).some(fits), LIVE_MS, `${who} to hear ${JSON.stringify(match)}`);
  return Date.now() - started;
}

describe('projectUpdated over the socket', () => {
  test('invite, quote, decline, accept and the payment reach the parties within a second; a refused pro hears nothing more', async () => {
    const projectId = await w.newProject('Live offers');
    let a = '';
    let b = '';
    let c = '';
    // the invited designer hears of the invitation
    await within1s('designer', { projectId, kind: 'offer' }, async () => {
      a = await w.invite(projectId, 'designer');
    });
    b = await w.invite(projectId, 'designer2');
    c = await w.invite(projectId, 'designer3');

    // the customer's Offers tab hears the quote
    const quoted = await within1s('customer', { projectId, kind: 'offer', offerId: a }, () =>
      w.call('designer', 'POST', `/api/invitations/${a}/offer`, { priceCents: 48_000, leadTimeDays: 7 }),
    );
    expect(quoted).toBeLessThan(LIVE_MS);
    await w.call('designer3', 'POST', `/api/invitations/${c}/offer`, { priceCents: 60_000, leadTimeDays: 3 });

    // the customer declines designer3: they hear of their own offer
    await within1s('designer3', { projectId, kind: 'offer', offerId: c }, () =>
      w.call('customer', 'POST', `/api/invitations/${c}/decline`),
    );

    // accepting: the winner, the refused designer2 (their own offer only), the customer's status move
    const refusedBefore = heard.designer2!.length;
    await within1s('customer', { projectId, kind: 'status' }, () =>
      w.call('customer', 'POST', `/api/invitations/${a}/accept`),
    );
    await until(() => heard.designer!.some((n) => n.offerId === a && n.kind === 'offer'), LIVE_MS, 'winner');
    await until(() => heard.designer2!.length > refusedBefore, LIVE_MS, 'the refusal');
    expect(heard.designer2!.slice(refusedBefore)).toEqual([{ projectId, kind: 'offer', offerId: b }]);

    // the payment stage moves on: the customer's page (in no chat room) hears it, staff too
    const refusedNow = { designer2: heard.designer2!.length, designer3: heard.designer3!.length };
    const paid = await within1s('customer', { projectId, kind: 'status' }, () =>
      w.call('staff', 'POST', `/api/staff/projects/${projectId}/mark-paid`),
    );
    expect(paid).toBeLessThan(LIVE_MS);
    await until(() => heard.designer!.filter((n) => n.kind === 'status').length >= 2, LIVE_MS, 'winner');
    await until(() => heard.staff!.filter((n) => n.kind === 'status').length >= 2, LIVE_MS, 'staff');
    // a late event would have arrived before the round trip on the refused pros' sockets
    await drained(sockets.designer2!, sockets.designer3!);
    expect(heard.designer2!.length).toBe(refusedNow.designer2);
    expect(heard.designer3!.length).toBe(refusedNow.designer3);
    // a pro never hears of another pro's offer
    expect(heard.designer2!.every((n) => n.offerId === null || n.offerId === b)).toBe(true);
    expect(heard.designer!.every((n) => n.offerId === null || n.offerId === a)).toBe(true);
  });
});
