import type { Db } from '../../db/client';
import { AppError } from '../../platform/errors';
import type { UserRow } from '../accounts/accounts.queries';
import type { ProjectsService } from '../projects/projects.service';
import type { PaymentsService } from './payments.service';
import { payments } from './payments.tables';
import { and, desc, eq } from 'drizzle-orm';
import { paymentView } from './payment-views';
import type { Jobs } from '../../platform/jobs';

/**
 * Projects and payments: a project is paid at Make Payment and its approved changes after a delivery
 * (the gateway's confirmation moves the project, through the projects module's own service); the escrow
 * is released when the project completes, or refunded by staff when it is cancelled before delivery.
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

    /** Staff refund a project cancelled before delivery: its escrow goes back to the customer. */
    async refundProject(staff: UserRow, projectId: string) {
      const a = await projects.access(db, staff, projectId);
      if (a.project.completed || a.project.deliveredAt) {
        throw new AppError(
          'already_delivered',
          'Only a project cancelled before delivery can be refunded.',
          409,
        );
      }
      const refunded = await money.refundSubjectPayments(projectId, 'project cancelled', (tx) =>
        projects.addEvent(tx, projectId, 'payment', 'The payment was refunded to the customer', staff.id),
      );
      return { refunded };
    },
  };
}

export type ProjectPayments = ReturnType<typeof projectPayments>;
