import { isCancelled } from '@facet/domain/workflow';
import type { Db } from '../../db/client';
import type { UserRow } from '../accounts/accounts.reads';
import type { MailJob } from '../../platform/mail/mail-job';
import type { ProjectsService } from '../projects/projects.service';
import type { PaymentsService } from './payments.service';
import { payments } from './payments.tables';
import { and, desc, eq, sql } from 'drizzle-orm';
import { paymentView } from './payment-views';
import type { Jobs } from '../../platform/jobs';
import { checkStaffAudit, recordStaffAction, recordStaffOutcome } from '../../platform/audit/audit';

/**
 * Projects and payments: a project is paid at Make Payment and its approved changes after a delivery
 * (the gateway's confirmation moves the project, through the projects module's own service); the escrow
 * is released when the project completes, or refunded when staff cancel the project before delivery.
 */
export function projectPayments(deps: {
  db: Db;
  jobs: Jobs;
  payments: PaymentsService;
  projects: ProjectsService;
}) {
  const { db, payments: money, projects } = deps;

  money.onConfirmed('project', (tx, payment) => projects.paymentConfirmed(tx, payment.subjectId));
  money.onConfirmed('changes', (tx, payment) => projects.changesPaid(tx, payment.subjectId, null));
  // releasing is part of the completing transaction; the payout run (every minute) pays it out
  projects.onCompleted(async (tx, project) => {
    await money.releaseProject(tx, project.id);
    return [];
  });

  async function latest(purpose: 'project' | 'changes', subjectId: string, payerId: string) {
    const [row] = await db
      .select()
      .from(payments)
      .where(
        and(eq(payments.purpose, purpose), eq(payments.subjectId, subjectId), eq(payments.payerId, payerId)),
      )
      .orderBy(desc(payments.createdAt))
      .limit(1);
    return row ? paymentView(row) : null;
  }

  const proWord = (service: boolean) => (service ? 'Service provider' : 'CAD designer');

  /** The project's payments refunded to the customer so far, and their sum (a retry answers the same). */
  async function refundedOf(projectId: string) {
    const [row] = await db
      .select({
        refunded: sql<number>`count(*)::int`,
        refundedCents: sql<number>`coalesce(sum(${payments.amountCents}), 0)::int`,
      })
      .from(payments)
      .where(and(eq(payments.projectId, projectId), eq(payments.status, 'refunded')));
    return { refunded: row?.refunded ?? 0, refundedCents: row?.refundedCents ?? 0 };
  }

  return {
    /** What the customer is about to pay at Make Payment, itemised, and their latest attempt. */
    async projectQuote(viewer: UserRow, projectId: string) {
      const s = await projects.paymentSubject(viewer, projectId);
      return {
        amountCents: s.amountCents,
        lines: [{ label: `${proWord(s.service)}'s offer for "${s.title}"`, amountCents: s.amountCents }],
        heldInEscrow: true,
        latestPayment: await latest('project', projectId, viewer.id),
      };
    },

    async payProject(viewer: UserRow, projectId: string, idempotencyKey: string) {
      const s = await projects.paymentSubject(viewer, projectId);
      return money.pay(
        viewer,
        {
          purpose: 'project',
          subjectId: projectId,
          projectId,
          proId: s.proId,
          amountCents: s.amountCents,
          description: `${s.title} (${s.service ? 'service' : 'design'})`,
          returnPath: `/projects/${projectId}`,
        },
        idempotencyKey,
      );
    },

    async changesQuote(viewer: UserRow, changeId: string) {
      const s = await projects.changesPaymentSubject(viewer, changeId);
      return {
        amountCents: s.amountCents,
        lines: [{ label: `Changes to "${s.title}"`, amountCents: s.amountCents }],
        heldInEscrow: true,
        latestPayment: await latest('changes', changeId, viewer.id),
      };
    },

    async payChanges(viewer: UserRow, changeId: string, idempotencyKey: string) {
      const s = await projects.changesPaymentSubject(viewer, changeId);
      return money.pay(
        viewer,
        {
          purpose: 'changes',
          subjectId: changeId,
          projectId: s.projectId,
          proId: s.proId,
          amountCents: s.amountCents,
          description: `Changes to ${s.title}`,
          returnPath: `/projects/${s.projectId}`,
        },
        idempotencyKey,
      );
    },

    /**
     * Staff cancel a project before delivery: its escrow goes back to the customer and the project moves
     * to Cancelled in the transaction of its first refund (on its own when nothing was paid). Once: a
     * retry refunds only what is still held (nothing, unless a refund failed) and moves nothing, and
     * answers the same. A delivered or completed project is refused (409).
     */
    async refundProject(staff: UserRow, projectId: string) {
      const a = await projects.access(db, staff, projectId);
      if (!isCancelled(a.state)) projects.check(a, 'cancel');
      // staff's audit row (decision 038): tried before the gateway is asked to give any money back, so a
      // row the database refuses stops the cancel with nothing refunded; written with the first refund's
      // books (see recordStaffOutcome for a row refused after the gateway refunded), or with the cancel
      // when nothing was held
      await checkStaffAudit(db);
      const mails: MailJob[] = [];
      const onRefund: Parameters<typeof money.refundSubjectPayments>[2] = async (tx) => {
        // the gateway already gave the money back: the project is cancelled with the books
        const moved = await projects.cancel(tx, staff, projectId, { refunded: true });
        await projects.addEvent(
          tx,
          projectId,
          'payment',
          'The payment was refunded to the customer',
          staff.id,
        );
        await recordStaffOutcome(tx);
        mails.push(...moved);
      };
      try {
        await money.refundSubjectPayments(projectId, 'project cancelled', onRefund);
        // nothing was held (not paid yet, or a retry): the project is cancelled on its own (or already is)
        mails.push(
          ...(await db.transaction(async (tx) => {
            const moved = await projects.cancel(tx, staff, projectId);
            await recordStaffAction(tx);
            return moved;
          })),
        );
        // a payment confirmed while this ran (after what was held was read, before the cancel committed)
        // is held for a cancelled project now: it goes back too (later ones find the project no longer
        // waiting and are refunded on their own)
        await money.refundSubjectPayments(projectId, 'project cancelled', onRefund);
      } finally {
        await projects.sendMails(mails);
      }
      return refundedOf(projectId);
    },
  };
}

export type ProjectPayments = ReturnType<typeof projectPayments>;
