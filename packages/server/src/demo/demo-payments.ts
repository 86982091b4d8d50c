import { inArray } from 'drizzle-orm';
import type { CurrencyCode } from '@facet/domain/money';
import type { Db } from '../db/client';
import { recordPaidCheckout } from '../platform/payments/sandbox-checkout';
import { postEntry } from '../modules/payments/ledger';
import { payments } from '../modules/payments/payments.tables';
import { earnedPercentage, ESCROWED, proShare } from '../modules/payments/payments.shared';

/** A payment the demo's past customers made: a project (escrowed for its pro) or a checkout. */
export interface DemoPayment {
  id: string;
  payerId: string;
  payerName: string;
  receiptEmail: string;
  purpose: 'project' | 'cart';
  subjectId: string;
  projectId: string | null;
  proId: string | null;
  amountCents: number;
  description: string;
  paidAt: Date;
  /** A completed project's escrow was released then. */
  releasedAt: Date | null;
}

/**
 * The money of the demo's history, booked as the gateway's confirmation and the project's completion would
 * have booked it (charge, then release of the pro's share), at their real past times, so the dashboards and
 * earnings have months to show. Idempotent: a subject already paid is left as it is.
 */
export async function seedDemoPayments(db: Db, rows: DemoPayment[], currency: CurrencyCode) {
  if (rows.length === 0) return 0;
  const existing = await db
    .select({ subjectId: payments.subjectId })
    .from(payments)
    .where(
      inArray(
        payments.subjectId,
        rows.map((r) => r.subjectId),
      ),
    );
  const known = new Set(existing.map((e) => e.subjectId));
  const fresh = rows.filter((r) => !known.has(r.subjectId));
  if (fresh.length === 0) return 0;
  const percentage = await earnedPercentage(db);
  await db.transaction(async (tx) => {
    for (const p of fresh) {
      const escrowed = ESCROWED.includes(p.purpose);
      const share = p.proId ? proShare(p.amountCents, percentage) : 0;
      await tx.insert(payments).values({
        id: p.id,
        payerId: p.payerId,
        purpose: p.purpose,
        subjectId: p.subjectId,
        projectId: p.projectId,
        proId: p.proId,
        earnedPercentage: p.proId ? percentage : null,
        proShareCents: share,
        description: p.description,
        receiptEmail: p.receiptEmail,
        payerName: p.payerName,
        amountCents: p.amountCents,
        currency,
        status: 'succeeded',
        gateway: 'sandbox',
        idempotencyKey: `demo-${p.id}`,
        sessionId: `demo_cs_${p.id}`,
        chargeRef: `demo_ch_${p.id}`,
        feeCents: 0,
        createdAt: p.paidAt,
        succeededAt: p.paidAt,
        releasedAt: escrowed ? p.releasedAt : null,
      });
      // the sandbox gateway holds the charge too, so staff can refund it (cancel with refund)
      await recordPaidCheckout(tx, {
        idempotencyKey: `demo-${p.id}`,
        sessionId: `demo_cs_${p.id}`,
        chargeId: `demo_ch_${p.id}`,
        amountCents: p.amountCents,
        currency,
        description: p.description,
        clientReference: p.id,
        paidAt: p.paidAt,
      });
      await postEntry(tx, {
        key: `charge:${p.id}`,
        kind: 'charge',
        paymentId: p.id,
        projectId: p.projectId,
        memo: p.description,
        currency,
        at: p.paidAt,
        lines: [
          { account: 'customer_funds', amountCents: -p.amountCents },
          { account: escrowed ? 'platform_escrow' : 'platform_revenue', amountCents: p.amountCents },
        ],
      });
      if (escrowed && p.releasedAt) {
        await postEntry(tx, {
          key: `release:${p.id}`,
          kind: 'release',
          paymentId: p.id,
          projectId: p.projectId,
          memo: `Released: ${p.description}`,
          currency,
          at: p.releasedAt,
          lines: [
            { account: 'platform_escrow', amountCents: -p.amountCents },
            ...(share > 0 ? [{ account: 'pro_payable' as const, ownerId: p.proId, amountCents: share }] : []),
            { account: 'platform_revenue', amountCents: p.amountCents - share },
          ],
        });
      }
    }
  });
  return fresh.length;
}
