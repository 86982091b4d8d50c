import { rmSync } from 'node:fs';
import { afterEach, describe, expect, test } from 'vitest';
import { STAGE_CODES } from '@facet/domain/workflow';
import { migrations, migrationsUpTo, openDatabase, type Sql } from '../test/migrations';

let sql: Sql | undefined;
afterEach(async () => {
  await sql?.close();
  sql = undefined;
});

describe('migration 0007: status moves announced by the projects module', () => {
  test('every status move the chat had posted is marked announced; the others stay to announce', async () => {
    sql = await openDatabase();
    const before = migrationsUpTo('0006_auth_throttle');
    await sql.migrate(before);
    rmSync(before, { recursive: true, force: true });
    await sql.exec(`
      insert into users (id, email, password_hash, role, first_name)
        values ('00000000-0000-4000-8000-000000000001', 'c@example.com', 'x', 'customer', 'Cora');
      insert into project_statuses (id, workflow, name, position) values ('migration-test', 'design', 'Test', 99)
        on conflict do nothing;
      insert into projects (id, customer_id, title, status_id)
        values ('00000000-0000-4000-8000-0000000000aa', '00000000-0000-4000-8000-000000000001', 'Ring', 'migration-test');
      insert into project_events (id, project_id, kind, message, created_at) values
        ('00000000-0000-4000-8000-0000000000e1', '00000000-0000-4000-8000-0000000000aa', 'status-moved', 'posted', '2026-11-01T10:00:00Z'),
        ('00000000-0000-4000-8000-0000000000e2', '00000000-0000-4000-8000-0000000000aa', 'status-moved', 'not yet', '2026-11-01T11:00:00Z'),
        ('00000000-0000-4000-8000-0000000000e3', '00000000-0000-4000-8000-0000000000aa', 'invited', 'other kind', '2026-11-01T12:00:00Z');
      insert into chat_posted_events (event_id, posted_at)
        values ('00000000-0000-4000-8000-0000000000e1', '2026-11-01T10:00:05Z');
    `);

    await sql.migrate(migrations);

    const events = await sql.query('select message, announced_at from project_events order by created_at');
    expect(
      events.map((r) => [
        r.message,
        r.announced_at ? new Date(r.announced_at as string).toISOString() : null,
      ]),
    ).toEqual([
      ['posted', '2026-11-01T10:00:05.000Z'],
      ['not yet', null],
      ['other kind', null],
    ]);
    expect(await sql.query("select to_regclass('chat_posted_events') as t")).toEqual([{ t: null }]);
  });
});

describe('migration 0027: production stages stored as text codes', { timeout: 90_000 }, () => {
  test('every stage written as 0..7 reads back as its code; the codes are a table the columns reference', async () => {
    sql = await openDatabase();
    const before = migrationsUpTo('0026_idempotency-request-hash');
    await sql.migrate(before);
    rmSync(before, { recursive: true, force: true });
    const order = '00000000-0000-4000-8000-0000000000b1';
    const item = (n: number) => `00000000-0000-4000-8000-0000000001${String(n).padStart(2, '0')}`;
    // one item at each old number, a stage row for each, and an unpaid item without a stage
    const items = [0, 1, 2, 3, 4, 5, 6, 7]
      .map(
        (stage) =>
          `('${item(stage)}', '${order}', ${stage}, 'model', 'Piece ${stage}', '{}', '{}', 100, 1, 100, 5, ${stage})`,
      )
      .join(',\n');
    const events = [0, 1, 2, 3, 4, 5, 6, 7]
      .map((stage) => `('${order}', '${item(stage)}', ${stage})`)
      .join(',\n');
    await sql.exec(`
      insert into users (id, email, password_hash, role, first_name)
        values ('00000000-0000-4000-8000-000000000001', 'c@example.com', 'x', 'customer', 'Cora');
      insert into orders (id, customer_id, status, shipping_address, shipping_method, subtotal_cents, shipping_cents, total_cents)
        values ('${order}', '00000000-0000-4000-8000-000000000001', 'paid', '{}', '{}', 900, 0, 900);
      insert into order_items (id, order_id, position, source, title, configuration, breakdown, unit_price_cents,
                               quantity, total_cents, lead_time_days, stage) values
        ${items},
        ('${item(99)}', '${order}', 99, 'model', 'Unpaid', '{}', '{}', 100, 1, 100, 5, null);
      insert into order_stage_events (order_id, order_item_id, stage) values ${events};
    `);

    await sql.migrate(migrations);

    const codes = [
      'received',
      'processing',
      'printing',
      'casting',
      'polish',
      'quality_check',
      'delivery',
      'cancelled',
    ];
    const stored = await sql.query('select position, stage from order_items order by position');
    expect(stored).toEqual([
      ...codes.map((stage, position) => ({ position, stage })),
      { position: 99, stage: null },
    ]);
    const told = await sql.query(
      'select i.position, e.stage from order_stage_events e join order_items i on i.id = e.order_item_id order by i.position',
    );
    expect(told).toEqual(codes.map((stage, position) => ({ position, stage })));
    // a code that is not a stage is refused by the database itself
    await expect(
      sql.exec(`update order_items set stage = 'setting' where id = '${item(3)}'`),
    ).rejects.toThrow(/foreign key/i);
  });

  test("production_stages holds exactly the production line's codes (a stage added without its migration fails here)", async () => {
    sql = await openDatabase();
    await sql.migrate(migrations);
    const rows = await sql.query('select code from production_stages');
    expect(rows.map((r) => r.code).sort()).toEqual([...STAGE_CODES].sort());
  });
});

describe('migration 0028: ledger entries and lines carry their currency', { timeout: 90_000 }, () => {
  test("rows written before take their payment's currency; then the database keeps one currency per entry", async () => {
    sql = await openDatabase();
    const before = migrationsUpTo('0027_production-stage-codes');
    await sql.migrate(before);
    rmSync(before, { recursive: true, force: true });
    const payer = '00000000-0000-4000-8000-000000000001';
    const pro = '00000000-0000-4000-8000-000000000002';
    const usdPayment = '00000000-0000-4000-8000-0000000000c1';
    const eurPayment = '00000000-0000-4000-8000-0000000000c2';
    const entry = (n: number) => `00000000-0000-4000-8000-0000000000e${n}`;
    await sql.exec(`
      insert into users (id, email, password_hash, role, first_name) values
        ('${payer}', 'c@example.com', 'x', 'customer', 'Cora'),
        ('${pro}', 'p@example.com', 'x', 'designer', 'Pia');
      insert into payments (id, payer_id, purpose, subject_id, description, receipt_email, payer_name,
                            amount_cents, currency, gateway, idempotency_key, status, created_at) values
        ('${usdPayment}', '${payer}', 'cart', 'order-1', 'Order 1', 'c@example.com', 'Cora', 1000, 'usd',
         'sandbox', 'k1', 'succeeded', '2026-10-01T10:00:00Z'),
        ('${eurPayment}', '${payer}', 'cart', 'order-2', 'Order 2', 'c@example.com', 'Cora', 2000, 'eur',
         'sandbox', 'k2', 'succeeded', '2026-11-01T10:00:00Z');
      insert into ledger_entries (id, key, kind, payment_id, memo) values
        ('${entry(1)}', 'charge:1', 'charge', '${usdPayment}', 'Order 1'),
        ('${entry(2)}', 'charge:2', 'charge', '${eurPayment}', 'Order 2'),
        ('${entry(3)}', 'payout:1', 'payout', null, 'Payout to the pro');
      insert into ledger_lines (entry_id, account, owner_id, amount_cents) values
        ('${entry(1)}', 'customer_funds', null, -1000), ('${entry(1)}', 'platform_revenue', null, 1000),
        ('${entry(2)}', 'customer_funds', null, -2000), ('${entry(2)}', 'platform_revenue', null, 2000),
        ('${entry(3)}', 'pro_payable', '${pro}', -500), ('${entry(3)}', 'pro_paid_out', '${pro}', 500);
    `);

    await sql.migrate(migrations);

    expect(await sql.query('select key, currency from ledger_entries order by key')).toEqual([
      { key: 'charge:1', currency: 'usd' },
      { key: 'charge:2', currency: 'eur' },
      // a payout has no payment: the currency of the latest payment
      { key: 'payout:1', currency: 'eur' },
    ]);
    const lines = await sql.query(
      'select e.key, l.currency from ledger_lines l join ledger_entries e on e.id = l.entry_id order by e.key',
    );
    expect(lines.map((r) => `${r.key as string}:${r.currency as string}`)).toEqual([
      'charge:1:usd',
      'charge:1:usd',
      'charge:2:eur',
      'charge:2:eur',
      'payout:1:eur',
      'payout:1:eur',
    ]);
    // the ledger is append-only again
    await expect(
      sql.exec(`update ledger_lines set amount_cents = 1 where entry_id = '${entry(1)}'`),
    ).rejects.toThrow(/append-only/);
    // a line must say its currency, and say its entry's
    await expect(
      sql.exec(
        `insert into ledger_lines (entry_id, account, amount_cents) values ('${entry(1)}', 'refunds', 5)`,
      ),
    ).rejects.toThrow(/currency/);
    // one query, one implicit transaction: the refused line takes its entry with it
    await expect(
      sql.exec(`
        insert into ledger_entries (id, key, kind, memo, currency) values ('${entry(4)}', 'mixed', 'fee', 'Mixed', 'usd');
        insert into ledger_lines (entry_id, account, amount_cents, currency) values
          ('${entry(4)}', 'platform_revenue', -100, 'usd'), ('${entry(4)}', 'processor_fees', 100, 'eur');
      `),
    ).rejects.toThrow(/ledger_lines_entry_currency_fk/);
    expect(await sql.query("select count(*)::int as n from ledger_entries where key = 'mixed'")).toEqual([
      { n: 0 },
    ]);
  });
});
