import { and, desc, eq, inArray, isNull } from 'drizzle-orm';
import { isUuid } from '@facet/domain/rules';
import type { Db } from '../../db/client';
import { notFound } from '../../platform/errors';
import { formatMoney } from '@facet/domain/format';
import { money, type CurrencyCode } from '@facet/domain/money';
import { escapeHtml } from '../../platform/html';
import { htmlPage } from '../../platform/payments/html-page';
import type { UserRow } from '../accounts/accounts.reads';
import { balanceOf } from './ledger';
import { ledgerEntries, ledgerLines, payments } from './payments.tables';
import { ESCROWED, earnedPercentage, type PaymentRow } from './payments.shared';

/** What payers, pros and staff read of the money: a payment, transactions, earnings, receipts. */

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function paymentView(p: PaymentRow) {
  return {
    id: p.id,
    purpose: p.purpose,
    subjectId: p.subjectId,
    projectId: p.projectId,
    description: p.description,
    status: p.status,
    amountCents: p.amountCents,
    currency: p.currency,
    failureMessage: p.failureMessage,
    createdAt: p.createdAt.toISOString(),
    succeededAt: iso(p.succeededAt),
    refundedAt: iso(p.refundedAt),
    receiptUrl: p.status === 'succeeded' || p.status === 'refunded' ? `/api/payments/${p.id}/receipt` : null,
  };
}

/** `currency`: the payments' currency (PAYMENTS_CURRENCY), the one a pro's earnings are counted in. */
export function paymentReads(db: Db, currency: CurrencyCode) {
  /** The payment, for its payer and staff only (anyone else: not found). */
  async function visible(viewer: UserRow, id: string) {
    if (!isUuid(id)) throw notFound('Payment');
    const [row] = await db.select().from(payments).where(eq(payments.id, id));
    if (!row || (row.payerId !== viewer.id && viewer.role !== 'staff')) throw notFound('Payment');
    return row;
  }

  return {
    visible,

    async payment(viewer: UserRow, id: string) {
      return paymentView(await visible(viewer, id));
    },

    /** A customer's payments, newest first (checkouts never opened are left out). */
    async customerTransactions(viewer: UserRow) {
      const rows = await db
        .select()
        .from(payments)
        .where(eq(payments.payerId, viewer.id))
        .orderBy(desc(payments.createdAt));
      return rows.filter((r) => r.status !== 'pending' || r.checkoutUrl).map(paymentView);
    },

    /**
     * A pro's money in the payments' currency: held in escrow for them, available, paid out, and each
     * movement with its project.
     */
    async earnings(pro: UserRow) {
      // the pro's share of each payment still held in escrow (released on completion, or refunded)
      const held = await db
        .select({
          id: payments.id,
          amountCents: payments.proShareCents,
          description: payments.description,
          projectId: payments.projectId,
          at: payments.succeededAt,
        })
        .from(payments)
        .where(
          and(
            eq(payments.proId, pro.id),
            eq(payments.status, 'succeeded'),
            eq(payments.currency, currency),
            isNull(payments.releasedAt),
          ),
        )
        .orderBy(desc(payments.succeededAt));
      const lines = await db
        .select({
          id: ledgerLines.id,
          account: ledgerLines.account,
          amountCents: ledgerLines.amountCents,
          kind: ledgerEntries.kind,
          memo: ledgerEntries.memo,
          projectId: ledgerEntries.projectId,
          paymentId: ledgerEntries.paymentId,
          at: ledgerEntries.createdAt,
        })
        .from(ledgerLines)
        .innerJoin(ledgerEntries, eq(ledgerEntries.id, ledgerLines.entryId))
        .where(
          and(
            eq(ledgerLines.ownerId, pro.id),
            inArray(ledgerLines.account, ['pro_payable', 'pro_paid_out']),
            eq(ledgerLines.currency, currency),
          ),
        )
        .orderBy(desc(ledgerEntries.createdAt));
      const paymentIds = [...new Set(lines.map((l) => l.paymentId).filter((v): v is string => Boolean(v)))];
      const described = paymentIds.length
        ? await db
            .select({ id: payments.id, description: payments.description })
            .from(payments)
            .where(inArray(payments.id, paymentIds))
        : [];
      const descriptionOf = new Map(described.map((d) => [d.id, d.description]));
      const moved = lines
        // a payout shows once, as money paid out (its other line empties the payable)
        .filter((l) => (l.kind === 'payout' ? l.account === 'pro_paid_out' : l.account === 'pro_payable'))
        .map((l) => ({
          id: l.id,
          kind: l.kind === 'payout' ? ('payout' as const) : ('earning' as const),
          amountCents: l.amountCents,
          // a payout speaks to the pro it paid; the ledger's memo is for the production team
          description:
            l.kind === 'payout'
              ? 'To your payout account'
              : (l.paymentId && descriptionOf.get(l.paymentId)) || l.memo,
          projectId: l.projectId,
          at: l.at.toISOString(),
        }));
      const transactions = [
        ...held.map((h) => ({
          id: h.id,
          kind: 'held' as const,
          amountCents: h.amountCents,
          description: h.description,
          projectId: h.projectId,
          at: (h.at ?? new Date(0)).toISOString(),
        })),
        ...moved,
      ];
      return {
        currency,
        inEscrowCents: held.reduce((sum, h) => sum + h.amountCents, 0),
        availableCents: await balanceOf(db, 'pro_payable', pro.id, currency),
        paidOutCents: await balanceOf(db, 'pro_paid_out', pro.id, currency),
        earnedPercentage: await earnedPercentage(db),
        transactions,
      };
    },

    /** A printable receipt (HTML). */
    async receipt(viewer: UserRow, id: string) {
      const p = await visible(viewer, id);
      if (p.status !== 'succeeded' && p.status !== 'refunded') throw notFound('Receipt');
      const paidAt = p.succeededAt ? p.succeededAt.toISOString().slice(0, 16).replace('T', ' ') + ' UTC' : '';
      return htmlPage(
        `Receipt ${p.id.slice(0, 8)}`,
        `<div class="card"><div class="muted">Receipt · ${escapeHtml(p.id)}</div><h1>${escapeHtml(p.description)}</h1>
<table><tr><td>Paid</td><td class="num">${escapeHtml(paidAt)}</td></tr>
<tr><td>Amount</td><td class="num"><strong>${escapeHtml(formatMoney(money(p.amountCents, p.currency)))}</strong></td></tr>
<tr><td>Payment reference</td><td class="num">${escapeHtml(p.chargeRef ?? '')}</td></tr>
<tr><td>Status</td><td class="num">${p.status === 'refunded' ? 'Refunded' : 'Paid'}</td></tr></table>
<p class="muted">${ESCROWED.includes(p.purpose) ? 'Facet holds project payments in escrow until you approve the work.' : 'Paid to Facet for your order.'}</p>
<p class="muted noprint">Print this page to keep it.</p></div>`,
        '',
      );
    },
  };
}
