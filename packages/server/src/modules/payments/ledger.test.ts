import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { createTestApp } from '../../test/test-app';
import { givenDesigner } from '../../test/world';
import { ledgerEntries, ledgerLines } from './payments.tables';
import { balanceOf, postEntry, trialBalance, UnbalancedEntry } from './ledger';

let t: Awaited<ReturnType<typeof createTestApp>>;
let proId: string;

beforeAll(async () => {
  t = await createTestApp();
  proId = (await givenDesigner(t)).id;
}, 60_000);
afterAll(async () => t?.close());

/** The database's own message of a refused statement (drizzle wraps it). */
async function refusal(work: Promise<unknown>) {
  try {
    await work;
    return 'accepted';
  } catch (error) {
    return `${(error as Error).message} ${String(((error as Error).cause as Error | undefined)?.message)}`;
  }
}

describe('The ledger: every entry sums to zero', () => {
  test('a balanced entry posts once per key and moves the balances', async () => {
    const entry = {
      key: 'test:charge-1',
      kind: 'charge' as const,
      memo: 'A charge',
      currency: 'usd' as const,
      lines: [
        { account: 'customer_funds' as const, amountCents: -10_000 },
        { account: 'platform_escrow' as const, amountCents: 10_000 },
      ],
    };
    expect(await t.ctx.db.transaction((tx) => postEntry(tx, entry))).toBe(true);
    expect(await t.ctx.db.transaction((tx) => postEntry(tx, entry))).toBe(false);
    await t.ctx.db.transaction((tx) =>
      postEntry(tx, {
        key: 'test:release-1',
        kind: 'release',
        memo: 'A release',
        currency: 'usd',
        lines: [
          { account: 'platform_escrow', amountCents: -10_000 },
          { account: 'pro_payable', ownerId: proId, amountCents: 8_000 },
          { account: 'platform_revenue', amountCents: 2_000 },
        ],
      }),
    );
    expect(await balanceOf(t.ctx.db, 'platform_escrow', null, 'usd')).toBe(0);
    expect(await balanceOf(t.ctx.db, 'pro_payable', proId, 'usd')).toBe(8_000);
    const trial = await trialBalance(t.ctx.db);
    expect(trial.totalCents).toBe(0);
    expect(trial.accounts).toContainEqual({
      name: `pro_payable:${proId}`,
      currency: 'usd',
      balanceCents: 8_000,
    });
  });

  test('the code refuses an unbalanced entry before writing anything', async () => {
    await expect(
      t.ctx.db.transaction((tx) =>
        postEntry(tx, {
          key: 'test:bad',
          kind: 'charge',
          memo: 'Unbalanced',
          currency: 'usd',
          lines: [{ account: 'platform_escrow', amountCents: 5 }],
        }),
      ),
    ).rejects.toBeInstanceOf(UnbalancedEntry);
    expect(await t.ctx.db.select().from(ledgerEntries).where(eq(ledgerEntries.key, 'test:bad'))).toHaveLength(
      0,
    );
  });

  test('the database refuses to commit an unbalanced entry written around the code', async () => {
    await expect(
      t.ctx.db.transaction(async (tx) => {
        const [entry] = await tx
          .insert(ledgerEntries)
          .values({ key: 'test:raw', kind: 'charge', memo: 'Raw', currency: 'usd' })
          .returning();
        await tx.insert(ledgerLines).values([
          { entryId: entry!.id, account: 'customer_funds', amountCents: -100, currency: 'usd' },
          { entryId: entry!.id, account: 'platform_escrow', amountCents: 99, currency: 'usd' },
        ]);
      }),
    ).rejects.toSatisfy((e: Error) =>
      /does not balance/.test(`${e.message} ${String((e.cause as Error)?.message)}`),
    );
    expect(await t.ctx.db.select().from(ledgerEntries).where(eq(ledgerEntries.key, 'test:raw'))).toHaveLength(
      0,
    );
    // written line by line in one transaction, a balanced entry commits
    await t.ctx.db.transaction(async (tx) => {
      const [entry] = await tx
        .insert(ledgerEntries)
        .values({ key: 'test:raw-ok', kind: 'charge', memo: 'Raw', currency: 'usd' })
        .returning();
      await tx
        .insert(ledgerLines)
        .values({ entryId: entry!.id, account: 'customer_funds', amountCents: -100, currency: 'usd' });
      await tx
        .insert(ledgerLines)
        .values({ entryId: entry!.id, account: 'platform_escrow', amountCents: 100, currency: 'usd' });
    });
    expect((await trialBalance(t.ctx.db)).totalCents).toBe(0);
  });

  test('one currency per entry: the database refuses a line in another currency than its entry', async () => {
    const mixed = t.ctx.db.transaction(async (tx) => {
      const [entry] = await tx
        .insert(ledgerEntries)
        .values({ key: 'test:mixed', kind: 'charge', memo: 'Mixed', currency: 'usd' })
        .returning();
      // balanced as numbers, but 100 cents against 100 euro cents
      await tx.insert(ledgerLines).values([
        { entryId: entry!.id, account: 'customer_funds', amountCents: -100, currency: 'usd' },
        { entryId: entry!.id, account: 'platform_escrow', amountCents: 100, currency: 'eur' },
      ]);
    });
    expect(await refusal(mixed)).toMatch(/ledger_lines_entry_currency_fk/);
    expect(
      await t.ctx.db.select().from(ledgerEntries).where(eq(ledgerEntries.key, 'test:mixed')),
    ).toHaveLength(0);
    // nor is a code other than three lower-case letters an entry's currency
    const upper = t.ctx.db
      .insert(ledgerEntries)
      .values({ key: 'test:upper', kind: 'charge', memo: 'Upper', currency: 'USD' as 'usd' });
    expect(await refusal(upper)).toMatch(/ledger_entries_currency_code/);
  });

  test('balances are per currency: an entry in euros moves the euro balances only', async () => {
    const before = await trialBalance(t.ctx.db);
    const usdPayable = await balanceOf(t.ctx.db, 'pro_payable', proId, 'usd');
    await t.ctx.db.transaction((tx) =>
      postEntry(tx, {
        key: 'test:release-eur',
        kind: 'release',
        memo: 'A release in euros',
        currency: 'eur',
        lines: [
          { account: 'platform_escrow', amountCents: -5_000 },
          { account: 'pro_payable', ownerId: proId, amountCents: 4_000 },
          { account: 'platform_revenue', amountCents: 1_000 },
        ],
      }),
    );
    const lines = await t.ctx.db
      .select({ currency: ledgerLines.currency })
      .from(ledgerLines)
      .innerJoin(ledgerEntries, eq(ledgerEntries.id, ledgerLines.entryId))
      .where(eq(ledgerEntries.key, 'test:release-eur'));
    expect(lines.map((l) => l.currency)).toEqual(['eur', 'eur', 'eur']);
    expect(await balanceOf(t.ctx.db, 'pro_payable', proId, 'eur')).toBe(4_000);
    expect(await balanceOf(t.ctx.db, 'pro_payable', proId, 'usd')).toBe(usdPayable);
    const trial = await trialBalance(t.ctx.db);
    expect(trial.accounts.filter((a) => a.currency === 'eur')).toEqual([
      { name: 'platform_escrow', currency: 'eur', balanceCents: -5_000 },
      { name: 'platform_revenue', currency: 'eur', balanceCents: 1_000 },
      { name: `pro_payable:${proId}`, currency: 'eur', balanceCents: 4_000 },
    ]);
    expect(trial.accounts.filter((a) => a.currency === 'usd')).toEqual(before.accounts);
    expect(trial.totalCents).toBe(0);
  });

  test('posted lines cannot be edited or deleted', async () => {
    expect(
      await refusal(t.ctx.db.execute(sql`update ledger_lines set amount_cents = amount_cents + 1`)),
    ).toMatch(/append-only/);
    expect(await refusal(t.ctx.db.execute(sql`delete from ledger_lines`))).toMatch(/append-only/);
    expect((await trialBalance(t.ctx.db)).totalCents).toBe(0);
  });
});
