import { describe, expect, test } from 'vitest';
import { fixedChargesNote } from './fixed-charges';
import type { Quote } from './types';

const quote = (over: Partial<Quote>): Quote =>
  ({ quantity: 1, fixedCostPrice: 2_500, subtotalPerPiece: 3_720, ...over }) as Quote;

describe('the note on fixed charges', () => {
  test('a tiny silver piece: mostly the casting charge and the set-up, said so', () => {
    expect(fixedChargesNote(quote({}), { kind: 'metal', perPieceCents: 1_000, perOrderCents: 2_500 })).toBe(
      'Most of this price is fixed charges: a $10.00 casting charge per piece (in Casting) and a $25.00 set-up per order, shared by the 1 piece. They stay the same however small the piece; more pieces share the set-up.',
    );
  });

  test('a large order: the charges are named but not the headline', () => {
    expect(
      fixedChargesNote(quote({ quantity: 50, fixedCostPrice: 50, subtotalPerPiece: 20_000 }), {
        kind: 'metal',
        perPieceCents: 1_000,
        perOrderCents: 2_500,
      }),
    ).toBe(
      'Includes a $10.00 casting charge per piece (in Casting) and a $25.00 set-up per order, shared by the 50 pieces.',
    );
  });

  test('resin says print set-up; no fixed charges, no note', () => {
    expect(
      fixedChargesNote(quote({ fixedCostPrice: 0, subtotalPerPiece: 9_000 }), {
        kind: 'resin',
        perPieceCents: 500,
        perOrderCents: 0,
      }),
    ).toBe('Includes a $5.00 print set-up per piece (in 3D printing).');
    expect(fixedChargesNote(quote({}), { kind: 'metal', perPieceCents: 0, perOrderCents: 0 })).toBeNull();
  });
});
