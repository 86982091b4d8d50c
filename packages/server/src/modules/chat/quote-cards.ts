import { and, asc, eq, inArray, like, sql } from 'drizzle-orm';
import { quoteCardStatus, quoteCardText } from '@facet/domain/chat';
import type { Tx } from '../../db/client';
import { chatMessages } from './chat.tables';
import { quotedInvitations, type InvitationRow } from '../projects/projects.reads';
import { peopleByIds } from '../accounts/accounts.reads';
import { insertMessage, toMessages } from './chat-message-store';
import { ensureRooms } from './chat-rooms';
import type { ChatContext, MessageRow, RoomRow, StoredPayload } from './chat-shared';

type Offer = InvitationRow;

/**
 * One offer's card in its pro's room: a new card when the offer was sent again (its clientId carries
 * the moment it was quoted), and every card of the offer given the status it should have now (the
 * latest follows the offer, earlier ones are `replaced`). Returns the cards added or changed.
 */
async function syncOfferCard(
  tx: Tx,
  room: RoomRow,
  offer: Offer & { priceCents: number; leadTimeDays: number; quotedAt: Date },
  role: string,
): Promise<MessageRow[]> {
  const prefix = `quote:${offer.id}:`;
  const clientId = `${prefix}${offer.quotedAt.getTime()}`;
  const status = quoteCardStatus(offer.status);
  const { row, created } = await insertMessage(tx, {
    roomId: room.id,
    projectId: room.projectId,
    clientId,
    fromId: offer.proId,
    type: role === 'service' ? 'service' : 'designer',
    message: quoteCardText(offer.priceCents, offer.leadTimeDays),
    status,
    preChat: room.preQuote,
    payload: {
      quote: { offerId: offer.id, priceCents: offer.priceCents, leadTimeDays: offer.leadTimeDays },
    } satisfies StoredPayload,
  });
  const changed = created ? [row] : [];
  const stale = await tx
    .update(chatMessages)
    .set({
      status: sql`case when ${chatMessages.clientId} = ${clientId} then ${status} else 'replaced' end`,
    })
    .where(
      and(
        eq(chatMessages.roomId, room.id),
        like(chatMessages.clientId, `${prefix}%`),
        sql`${chatMessages.status} is distinct from (case when ${chatMessages.clientId} = ${clientId} then ${status} else 'replaced' end)`,
      ),
    )
    .returning();
  for (const r of stale) if (!changed.some((c) => c.id === r.id)) changed.push(r);
  return changed;
}

/**
 * Quote cards of a project, brought in line with its offers: one card per offer sent (a changed offer
 * gets a new card, the earlier one becomes `replaced`), its status following the offer. Runs inside
 * the offer's transaction; returns the cards added or changed.
 */
async function syncQuoteCards(tx: Tx, projectId: string): Promise<MessageRow[]> {
  const rooms = await ensureRooms(tx, projectId);
  const quoted = await quotedInvitations(tx, projectId);
  const roles = new Map(
    (
      await peopleByIds(
        tx,
        quoted.map((q) => q.proId),
      )
    ).map((p) => [p.id, p.role]),
  );
  const changed: MessageRow[] = [];
  for (const offer of quoted) {
    const role = roles.get(offer.proId);
    if (!role) continue;
    const room = rooms.find((r) => r.proId === offer.proId);
    const { priceCents, leadTimeDays, quotedAt } = offer;
    if (!room || priceCents === null || leadTimeDays === null || !quotedAt) continue;
    for (const row of await syncOfferCard(tx, room, { ...offer, priceCents, leadTimeDays, quotedAt }, role)) {
      if (!changed.some((c) => c.id === row.id)) changed.push(row);
    }
  }
  return changed;
}

/** Quote cards in the rooms: written in the offer's transaction, sent to the rooms after its commit. */
export function quoteCardsPart({ db, emitter }: ChatContext) {
  /** Sends stored messages (new or changed) to their rooms, with the read flags as members see them. */
  async function broadcast(rows: MessageRow[]) {
    if (rows.length === 0 || !emitter.current) return;
    const fresh = await db
      .select()
      .from(chatMessages)
      .where(
        inArray(
          chatMessages.id,
          rows.map((r) => r.id),
        ),
      )
      .orderBy(asc(chatMessages.seq));
    for (const message of await toMessages(db, fresh)) emitter.current?.message(message.chatRoom, message);
  }

  return {
    /**
     * For the offers module, inside an offer's transaction: brings the project's quote cards in line
     * with its offers. Call the returned function after the commit to send the cards to the rooms.
     */
    async offerChanged(tx: Tx, projectId: string): Promise<() => Promise<void>> {
      const rows = await syncQuoteCards(tx, projectId);
      return () => broadcast(rows).catch(() => undefined);
    },
  };
}
