import { and, desc, eq, inArray, ne } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { invitations, projects } from './projects.tables';
import type { InvitationRow } from './projects.reads';

/**
 * The writes of invitations and offers, for the offers module (through `ProjectsService.invitations`):
 * the projects module owns the table, the offers module decides the moves (decision 019). Each runs in
 * the caller's transaction.
 */
export const invitationsStore = {
  find: async (tx: Db | Tx, id: string): Promise<InvitationRow | undefined> =>
    (await tx.select().from(invitations).where(eq(invitations.id, id)))[0],

  /** The pro's invitations, newest first. */
  ofPro: (db: Db, proId: string, status?: InvitationRow['status']): Promise<InvitationRow[]> =>
    db
      .select()
      .from(invitations)
      .where(and(eq(invitations.proId, proId), status ? eq(invitations.status, status) : undefined))
      .orderBy(desc(invitations.invitedAt)),

  /** A new invitation; undefined when this pro is already invited to the project. */
  insert: async (tx: Tx, projectId: string, proId: string): Promise<InvitationRow | undefined> =>
    (
      await tx
        .insert(invitations)
        .values({ projectId, proId })
        .onConflictDoNothing({ target: [invitations.projectId, invitations.proId] })
        .returning()
    )[0],

  markSentInvite: (tx: Tx, projectId: string) =>
    tx.update(projects).set({ sentInvite: true, updatedAt: new Date() }).where(eq(projects.id, projectId)),

  quote: (tx: Tx, id: string, offer: { priceCents: number; leadTimeDays: number }) =>
    tx
      .update(invitations)
      .set({
        status: 'quoted',
        priceCents: offer.priceCents,
        leadTimeDays: offer.leadTimeDays,
        quotedAt: new Date(),
      })
      .where(eq(invitations.id, id)),

  refuse: (tx: Tx, id: string, by: 'pro' | 'customer', at = new Date()) =>
    tx
      .update(invitations)
      .set({ status: 'refused', refusedBy: by, answeredAt: at })
      .where(eq(invitations.id, id)),

  accept: (tx: Tx, id: string, at: Date) =>
    tx.update(invitations).set({ status: 'accepted', answeredAt: at }).where(eq(invitations.id, id)),

  /** Every other open invitation of the project is refused by the customer; returns them. */
  refuseOthers: (tx: Tx, projectId: string, exceptId: string, at: Date): Promise<InvitationRow[]> =>
    tx
      .update(invitations)
      .set({ status: 'refused', refusedBy: 'customer', answeredAt: at })
      .where(
        and(
          eq(invitations.projectId, projectId),
          ne(invitations.id, exceptId),
          inArray(invitations.status, ['pending', 'quoted']),
        ),
      )
      .returning(),
};
