import { and, eq, sql } from 'drizzle-orm';
import type { CurrencyCode } from '@facet/domain/money';
import type { Db, Tx } from '../../db/client';
import { ledgerEntries, ledgerLines, type LedgerAccount } from './payments.tables';

/**
 * The double-entry journal. A line's amount is money held on its account (positive) or taken from it
 * (negative); every entry sums to zero — checked here and, at commit, by the database itself. An entry and
 * its lines are in one currency (the database refuses a line of another), so balances are per currency.
 */

export interface LedgerLine {
  account: LedgerAccount;
  ownerId?: string | null;
  amountCents: number;
}

export interface NewEntry {
  /** Unique per money event ('charge:<paymentId>', 'release:<paymentId>', …): the same event posts once. */
  key: string;
  kind: (typeof ledgerEntries.$inferInsert)['kind'];
  paymentId?: string | null;
  projectId?: string | null;
  memo: string;
  /** The currency of every line: the payment's, or the payout's. */
  currency: CurrencyCode;
  lines: LedgerLine[];
  /** When the money moved, if not now (the demo's history). */
  at?: Date;
}

export class UnbalancedEntry extends Error {}

/** Posts an entry inside the caller's transaction; false when an entry with that key was already posted. */
export async function postEntry(tx: Tx, entry: NewEntry): Promise<boolean> {
  const lines = entry.lines.filter((l) => l.amountCents !== 0);
  for (const line of lines) {
    if (!Number.isSafeInteger(line.amountCents))
      throw new UnbalancedEntry(`${entry.key}: amounts are whole cents`);
  }
  const sum = lines.reduce((s, l) => s + l.amountCents, 0);
  if (sum !== 0) throw new UnbalancedEntry(`${entry.key} does not balance (sum ${sum} cents)`);
  const [row] = await tx
    .insert(ledgerEntries)
    .values({
      key: entry.key,
      kind: entry.kind,
      paymentId: entry.paymentId ?? null,
      projectId: entry.projectId ?? null,
      memo: entry.memo,
      currency: entry.currency,
      ...(entry.at ? { createdAt: entry.at } : {}),
    })
    .onConflictDoNothing({ target: ledgerEntries.key })
    .returning({ id: ledgerEntries.id });
  if (!row) return false;
  if (lines.length > 0) {
    await tx.insert(ledgerLines).values(
      lines.map((l) => ({
        entryId: row.id,
        account: l.account,
        ownerId: l.ownerId ?? null,
        amountCents: l.amountCents,
        currency: entry.currency,
      })),
    );
  }
  return true;
}

/** The balance in one currency of one account (of one owner for the per-pro accounts). */
export async function balanceOf(
  db: Db | Tx,
  account: LedgerAccount,
  ownerId: string | null,
  currency: CurrencyCode,
) {
  const [row] = await db
    .select({ total: sql<string | null>`sum(${ledgerLines.amountCents})` })
    .from(ledgerLines)
    .where(
      and(
        eq(ledgerLines.account, account),
        ownerId ? eq(ledgerLines.ownerId, ownerId) : sql`${ledgerLines.ownerId} is null`,
        eq(ledgerLines.currency, currency),
      ),
    );
  return Number(row?.total ?? 0);
}

/**
 * Every account's balance per currency; the per-pro accounts are named `pro_payable:<userId>`. The balances
 * of each currency sum to zero, so all of them do.
 */
export async function trialBalance(db: Db | Tx) {
  const rows = await db
    .select({
      account: ledgerLines.account,
      ownerId: ledgerLines.ownerId,
      currency: ledgerLines.currency,
      total: sql<string>`sum(${ledgerLines.amountCents})`,
    })
    .from(ledgerLines)
    .groupBy(ledgerLines.currency, ledgerLines.account, ledgerLines.ownerId)
    .orderBy(ledgerLines.currency, ledgerLines.account, ledgerLines.ownerId);
  const accounts = rows.map((r) => ({
    name: r.ownerId ? `${r.account}:${r.ownerId}` : r.account,
    currency: r.currency,
    balanceCents: Number(r.total),
  }));
  return { accounts, totalCents: accounts.reduce((s, a) => s + a.balanceCents, 0) };
}
