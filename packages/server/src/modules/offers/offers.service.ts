import { offerTransition, type OfferEvent } from '@facet/domain/workflow';
import { isUuid } from '@facet/domain/rules';
import type { Db, Tx } from '../../db/client';
import { personById } from '../accounts/accounts.reads';
import { projectsByIds } from '../projects/projects.reads';
import { AppError, notFound } from '../../platform/errors';
import type { UserRow } from '../accounts/accounts.reads';
import type { MailJob } from '../../platform/mail/mail-job';
import { loadPeople } from '../accounts/people.reads';
import type { Access, InvitationRow, ProjectsService } from '../projects/projects.service';
import type { ProjectNews } from '../../platform/project-news';

const offerClosed = () => new AppError('offer_closed', 'This invitation is no longer open.', 409);

/**
 * Told inside an offer's transaction that the project's offers changed (the chat's quote cards); the
 * returned function runs after the commit.
 */
export type OfferChangeListener = (tx: Tx, projectId: string) => Promise<() => Promise<void>>;

/** Invitations and offers: invite, quote, accept (one winner), decline. Every change is one transaction. */
export function offersService(deps: {
  db: Db;
  projects: ProjectsService;
  onOfferChange?: OfferChangeListener;
  /** Each party entitled to an offer's change hears of it on their own channel (issue 16). */
  news?: ProjectNews;
}) {
  const { db, projects: p } = deps;
  /** After the commit: the customer and staff hear of the change, each pro of their own invitation only. */
  const tell = (projectId: string, customerId: string, changed: { id: string; proId: string }[]) => {
    if (!deps.news || changed.length === 0) return;
    deps.news.send(
      { users: [customerId], staff: true },
      { projectId, kind: 'offer', offerId: changed[0]!.id },
    );
    for (const c of changed)
      deps.news.send({ users: [c.proId], staff: false }, { projectId, kind: 'offer', offerId: c.id });
  };
  const store = p.invitations;
  const offerChanged = (tx: Tx, projectId: string) =>
    deps.onOfferChange ? deps.onOfferChange(tx, projectId) : Promise.resolve(async () => {});

  /** The invitation and the project it belongs to, seen by this viewer (404 for anyone who may not see it). */
  async function load(tx: Db | Tx, viewer: UserRow, invitationId: string, lock: boolean) {
    if (!isUuid(invitationId)) throw notFound('Invitation');
    const found = await store.find(tx, invitationId);
    if (!found) throw notFound('Invitation');
    const a = await p.access(tx, viewer, found.projectId, { lock });
    if (a.viewerRole === 'pro' && a.invitation?.id !== invitationId) throw notFound('Invitation');
    // read again under the project's lock
    const invitation = await store.find(tx, invitationId);
    return { a, invitation: invitation! };
  }

  async function reply(viewer: UserRow, invitationId: string) {
    const row = await store.find(db, invitationId);
    const people = await loadPeople(db, [row!.proId]);
    return p.offerReply(row!, people);
  }

  return {
    async invite(viewer: UserRow, projectId: string, proId: string) {
      const { mails, invitationId } = await db.transaction((tx) =>
        inviteInTx(p, tx, viewer, projectId, proId),
      );
      await p.sendMails(mails);
      tell(projectId, viewer.id, [{ id: invitationId, proId }]);
      return { offer: await reply(viewer, invitationId), project: await p.detail(viewer, projectId) };
    },

    async listForPro(viewer: UserRow, status?: InvitationRow['status']) {
      const rows = await store.ofPro(db, viewer.id, status);
      if (rows.length === 0) return [];
      const projectRows = await projectsByIds(
        db,
        rows.map((r) => r.projectId),
      );
      const summaries = await p.summaries(db, projectRows, viewer);
      const people = await loadPeople(db, [viewer.id]);
      return rows.map((r) => ({
        ...p.offerReply(r, people),
        project: summaries.find((s) => s.id === r.projectId)!,
      }));
    },

    async quote(viewer: UserRow, invitationId: string, offer: { priceCents: number; leadTimeDays: number }) {
      const { mails, a, after } = await db.transaction(async (tx) => {
        const { a, invitation } = await load(tx, viewer, invitationId, true);
        p.check(a, 'quote');
        transition(invitation, 'quote');
        await store.quote(tx, invitationId, offer);
        await p.addEvent(tx, a.project.id, 'offer', 'An offer was sent', viewer.id);
        const people = await loadPeople(tx, [viewer.id]);
        const mails = await p.mailTo(tx, 'designerInviteAccept', a.project.customerId, a.project, {
          proName: people.get(viewer.id)?.shortName ?? '',
          priceCents: offer.priceCents,
          leadTimeDays: offer.leadTimeDays,
        });
        return { mails, a, after: await offerChanged(tx, a.project.id) };
      });
      await p.sendMails(mails);
      await after();
      tell(a.project.id, a.project.customerId, [{ id: invitationId, proId: viewer.id }]);
      return reply(viewer, invitationId);
    },

    /** The invited pro turns the invitation down. */
    async refuse(viewer: UserRow, invitationId: string) {
      const { mails, a, after } = await db.transaction(async (tx) => {
        const { a, invitation } = await load(tx, viewer, invitationId, true);
        p.check(a, 'refuse-invitation');
        transition(invitation, 'refuse');
        await store.refuse(tx, invitationId, 'pro');
        const people = await loadPeople(tx, [viewer.id]);
        const mails = await p.mailTo(tx, 'designerInviteRefuse', a.project.customerId, a.project, {
          proName: people.get(viewer.id)?.shortName ?? '',
        });
        return { mails, a, after: await offerChanged(tx, a.project.id) };
      });
      await p.sendMails(mails);
      await after();
      tell(a.project.id, a.project.customerId, [{ id: invitationId, proId: viewer.id }]);
      return reply(viewer, invitationId);
    },

    /**
     * Accepting adopts that pro, price and lead time, refuses every other invitee and moves the project
     * to Make Payment — one transaction under a row lock on the project, so concurrent accepts have one winner.
     */
    async accept(viewer: UserRow, invitationId: string) {
      const { mails, projectId, changed, after } = await db.transaction(async (tx) => {
        const { a, invitation } = await load(tx, viewer, invitationId, true);
        guardOwner(a);
        if (a.state.hasAcceptedOffer) {
          throw new AppError(
            'offer_already_accepted',
            'An offer was already accepted for this project.',
            409,
          );
        }
        const d = p.check(a, 'accept-offer');
        transition(invitation, 'accept');
        const now = new Date();
        await store.accept(tx, invitationId, now);
        const others = await store.refuseOthers(tx, a.project.id, invitationId, now);
        const mails = await p.move(tx, a.project, { position: d.next.position }, viewer.id, false, {
          proId: invitation.proId,
          totalPriceCents: invitation.priceCents,
          leadTimeDays: invitation.leadTimeDays,
        });
        await p.addEvent(tx, a.project.id, 'accepted', 'An offer was accepted', viewer.id);
        mails.push(
          ...(await p.mailTo(tx, 'designerOfferApprove', invitation.proId, a.project, {
            priceCents: invitation.priceCents,
            leadTimeDays: invitation.leadTimeDays,
          })),
        );
        for (const other of others)
          mails.push(...(await p.mailTo(tx, 'notChosenDesigners', other.proId, a.project)));
        return {
          mails,
          projectId: a.project.id,
          // the chosen one first (the customer hears of it), then each refused pro of their own
          changed: [invitation, ...others],
          after: await offerChanged(tx, a.project.id),
        };
      });
      await p.sendMails(mails);
      await after();
      tell(projectId, viewer.id, changed);
      return { offer: await reply(viewer, invitationId), project: await p.detail(viewer, projectId) };
    },

    /** The customer declines one offer; the others stay open. */
    async decline(viewer: UserRow, invitationId: string) {
      const { mails, invitation, after } = await db.transaction(async (tx) => {
        const { a, invitation } = await load(tx, viewer, invitationId, true);
        guardOwner(a);
        p.check(a, 'decline-offer');
        transition(invitation, 'decline');
        await store.refuse(tx, invitationId, 'customer');
        await p.addEvent(tx, a.project.id, 'declined', 'An offer was declined', viewer.id);
        const mails = await p.mailTo(tx, 'designerOfferRefuse', invitation.proId, a.project);
        return { mails, invitation, after: await offerChanged(tx, a.project.id) };
      });
      await p.sendMails(mails);
      await after();
      tell(invitation.projectId, viewer.id, [invitation]);
      return reply(viewer, invitationId);
    },
  };
}

function transition(invitation: InvitationRow, event: OfferEvent) {
  const to = offerTransition(invitation.status, event);
  if (!to) {
    if ((event === 'accept' || event === 'decline') && invitation.status === 'pending') {
      throw new AppError('offer_not_quoted', 'This offer has no price yet.', 409);
    }
    throw offerClosed();
  }
  return to;
}

/** Invites a pro (one transaction under the project's lock): the first invitation moves the project on. */
async function inviteInTx(p: ProjectsService, tx: Tx, viewer: UserRow, projectId: string, proId: string) {
  const a = await p.access(tx, viewer, projectId, { lock: true });
  const d = p.check(a, 'invite');
  if (!isUuid(proId)) throw notFound('Designer');
  const pro = await personById(tx, proId);
  if (!pro || (pro.role !== 'designer' && pro.role !== 'service') || pro.status !== 'active')
    throw notFound('Designer');
  if (a.project.service && pro.role !== 'service') {
    throw new AppError('wrong_pro_type', 'Invite a service provider to a service project.', 400);
  }
  if (!a.project.service && pro.role !== 'designer') {
    throw new AppError('wrong_pro_type', 'Invite a CAD designer to a design project.', 400);
  }
  const inserted = await p.invitations.insert(tx, projectId, proId);
  if (!inserted) {
    throw new AppError(
      'already_invited',
      pro.role === 'service'
        ? 'This service provider is already invited.'
        : 'This designer is already invited.',
      409,
    );
  }
  const mails: MailJob[] = [];
  if (d.moved) {
    mails.push(
      ...(await p.move(tx, a.project, { position: d.next.position }, viewer.id, false, {
        sentInvite: true,
      })),
    );
  } else if (!a.project.sentInvite) {
    await p.invitations.markSentInvite(tx, projectId);
  }
  await p.addEvent(
    tx,
    projectId,
    'invited',
    `${pro.firstName} ${pro.lastName.charAt(0)}. was invited`,
    viewer.id,
  );
  const customer = await loadPeople(tx, [viewer.id]);
  mails.push(
    ...(await p.mailTo(tx, 'designerInvite', pro.id, a.project, {
      customerName: customer.get(viewer.id)?.shortName ?? '',
    })),
  );
  return { mails, invitationId: inserted.id };
}

function guardOwner(a: Access) {
  if (a.actor !== 'owner') throw new AppError('forbidden', 'You are not allowed to do that.', 403);
}

export type OffersService = ReturnType<typeof offersService>;
