import { describe, expect, test } from 'vitest';
import { PRODUCTION_STAGES, STAGE, stageMoveAllowed, stageName } from './production-stages';

describe('production stage moves', () => {
  test('one step forward along the line, from RECEIVED to DELIVERY', () => {
    for (let from = 0; from < STAGE.DELIVERY; from += 1) {
      expect(stageMoveAllowed(from, from + 1)).toBe(true);
      expect(stageMoveAllowed(from, from + 2)).toBe(false);
      expect(stageMoveAllowed(from, from)).toBe(false);
      if (from > 0) expect(stageMoveAllowed(from, from - 1)).toBe(false);
    }
  });

  test('CANCELLED only from RECEIVED; DELIVERY and CANCELLED are final; unpaid items do not move', () => {
    expect(stageMoveAllowed(STAGE.RECEIVED, STAGE.CANCELLED)).toBe(true);
    for (const from of [1, 2, 3, 4, 5, 6]) expect(stageMoveAllowed(from, STAGE.CANCELLED)).toBe(false);
    expect(stageMoveAllowed(STAGE.DELIVERY, STAGE.CANCELLED)).toBe(false);
    for (const to of [0, 1, 6]) expect(stageMoveAllowed(STAGE.CANCELLED, to)).toBe(false);
    expect(stageMoveAllowed(null, STAGE.RECEIVED)).toBe(false);
    expect(stageMoveAllowed(0, 1.5)).toBe(false);
  });

  test('codes name the DESIGN.md stages', () => {
    expect(PRODUCTION_STAGES).toHaveLength(8);
    expect(stageName(STAGE.PRINTING)).toBe('3D PRINTING');
    expect(stageName(STAGE.CANCELLED)).toBe('CANCELLED');
  });
});
