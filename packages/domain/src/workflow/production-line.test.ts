import { describe, expect, test } from 'vitest';
import {
  allRefundable,
  CANCELLED_STAGE,
  FIRST_STAGE,
  LAST_STAGE,
  orderStageOf,
  PRODUCTION_LINE,
  PRODUCTION_STAGES,
  readStage,
  stageByWire,
  stageIndex,
  stageMoveAllowed,
  STAGE_CODES,
  type StageCode,
} from './production-line';

const codes = (rows: readonly { code: StageCode }[]) => rows.map((s) => s.code);

describe('the production line table', () => {
  test('the DESIGN.md stages in order, CANCELLED beside the line', () => {
    expect(PRODUCTION_STAGES.map((s) => s.label)).toEqual([
      'RECEIVED',
      'PROCESSING',
      '3D PRINTING',
      'CASTING',
      'POLISH',
      'FINAL QUALITY CHECK',
      'DELIVERY',
      'CANCELLED',
    ]);
    expect(codes(PRODUCTION_LINE)).toEqual(STAGE_CODES.filter((c) => c !== CANCELLED_STAGE));
    expect([FIRST_STAGE, LAST_STAGE, CANCELLED_STAGE]).toEqual(['received', 'delivery', 'cancelled']);
  });

  test('`next` and the order of rows agree: every line stage moves on to the row after it', () => {
    for (const [i, s] of PRODUCTION_LINE.entries()) {
      expect(s.next).toBe(PRODUCTION_LINE[i + 1]?.code ?? null);
      expect(stageIndex(s.code)).toBe(i);
    }
    // nothing moves on to CANCELLED; every code and every API number is used once
    expect(PRODUCTION_STAGES.map((s): string | null => s.next)).not.toContain(CANCELLED_STAGE);
    expect(new Set(STAGE_CODES).size).toBe(PRODUCTION_STAGES.length);
    expect(new Set(PRODUCTION_STAGES.map((s) => s.wire)).size).toBe(PRODUCTION_STAGES.length);
  });

  test('the API numbers published since decision 023 stay as they were (decision 062)', () => {
    // a stage added later takes a number of its own; these never change
    expect(Object.fromEntries(PRODUCTION_STAGES.map((s) => [s.code, s.wire]))).toMatchObject({
      received: 0,
      processing: 1,
      printing: 2,
      casting: 3,
      polish: 4,
      quality_check: 5,
      delivery: 6,
      cancelled: 7,
    });
    expect(stageByWire(3)?.code).toBe('casting');
    expect(stageByWire(8)).toBeUndefined();
    expect(stageByWire(null)).toBeUndefined();
  });

  test('only RECEIVED is refundable; the purchase and the refund are always mailed', () => {
    expect(codes(PRODUCTION_STAGES.filter((s) => s.refundable))).toEqual(['received']);
    expect(codes(PRODUCTION_STAGES.filter((s) => s.alwaysMailed))).toEqual(['received', 'cancelled']);
    expect(allRefundable(['received', 'received'])).toBe(true);
    expect(allRefundable(['received', 'processing'])).toBe(false);
    expect(allRefundable(['received', null])).toBe(false);
    expect(allRefundable([])).toBe(false);
  });

  test('a stage read back from data: its code, or its API number in a job queued before the codes', () => {
    expect(readStage('casting')?.label).toBe('CASTING');
    expect(readStage(7)?.code).toBe('cancelled');
    expect(readStage('CASTING')).toBeUndefined();
    expect(readStage(3.5)).toBeUndefined();
    expect(readStage(null)).toBeUndefined();
  });
});

describe('production stage moves', () => {
  test('one step forward along the line, from RECEIVED to DELIVERY', () => {
    for (const [i, s] of PRODUCTION_LINE.entries()) {
      for (const [j, to] of PRODUCTION_LINE.entries()) {
        expect(stageMoveAllowed(s.code, to.code), `${s.code} → ${to.code}`).toBe(j === i + 1);
      }
    }
  });

  test('CANCELLED only from RECEIVED; DELIVERY and CANCELLED are final; unpaid items do not move', () => {
    expect(stageMoveAllowed('received', 'cancelled')).toBe(true);
    for (const from of STAGE_CODES.filter((c) => c !== 'received')) {
      expect(stageMoveAllowed(from, 'cancelled'), from).toBe(false);
    }
    for (const to of STAGE_CODES) {
      expect(stageMoveAllowed('delivery', to)).toBe(false);
      expect(stageMoveAllowed('cancelled', to)).toBe(false);
      expect(stageMoveAllowed(null, to)).toBe(false);
    }
  });

  test("an order shows its least advanced live item; CANCELLED once every item is; none until it's paid", () => {
    expect(orderStageOf(['polish', 'printing', 'delivery'])).toBe('printing');
    expect(orderStageOf(['cancelled', 'delivery'])).toBe('delivery');
    expect(orderStageOf(['cancelled', 'cancelled'])).toBe('cancelled');
    expect(orderStageOf(['received', null])).toBeNull();
    expect(orderStageOf([])).toBeNull();
  });
});
