import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { recordKeyedChange } from '../catalog/catalog.service';
import { DEFAULT_EARNED_PERCENTAGE } from './payments.shared';
import { paymentSettings } from './payments.tables';
import { recordStaffAction } from '../../platform/audit/audit';

const KEY = 'earnedPercentage';

/** The earned percentage as staff see it: the value and when it was last set (null: the default). */
export async function earnedPercentageSetting(db: Db) {
  const [row] = await db.select().from(paymentSettings).where(eq(paymentSettings.key, KEY));
  return {
    percentage: row?.value ?? DEFAULT_EARNED_PERCENTAGE,
    isDefault: !row,
    updatedAt: row ? row.updatedAt.toISOString() : null,
  };
}

/**
 * Staff set the pros' share of a payment (whole percent, 0–100). Kept in the catalog's history in the
 * same transaction. Payments already asked for keep the percentage stored on them (decision 042).
 */
export async function setEarnedPercentage(db: Db, actor: { id: string }, percentage: number) {
  await db.transaction(async (tx) => {
    const [current] = await tx
      .select()
      .from(paymentSettings)
      .where(eq(paymentSettings.key, KEY))
      .for('update');
    const before = current?.value ?? DEFAULT_EARNED_PERCENTAGE;
    // staff's request is audited even when it changes nothing (recordKeyedChange writes it otherwise)
    if (before === percentage) await recordStaffAction(tx);
    if (current && before === percentage) return;
    await tx
      .insert(paymentSettings)
      .values({ key: KEY, value: percentage })
      .onConflictDoUpdate({ target: paymentSettings.key, set: { value: percentage, updatedAt: sql`now()` } });
    if (before === percentage) return;
    await recordKeyedChange(tx, {
      actorId: actor.id,
      entity: 'earned_percentage',
      key: KEY,
      before: { percentage: before },
      after: { percentage },
    });
  });
  return earnedPercentageSetting(db);
}
