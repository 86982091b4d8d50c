import { formatMoney } from '@facet/domain/format';
import type { Quote } from './types';

/** The fixed charges of a material: per piece (casting labour, or a print's set-up) and per order. */
export interface FixedCharges {
  kind: 'metal' | 'resin';
  perPieceCents: number;
  perOrderCents: number;
}

/**
 * Words for the charges that do not depend on the piece's size, so a tiny piece's price explains itself
 * (most of $37 for 0.02 g of silver is the casting charge and the order's set-up). Null when there are none.
 */
export function fixedChargesNote(quote: Quote, charges: FixedCharges): string | null {
  const { perPieceCents, perOrderCents } = charges;
  if (perPieceCents <= 0 && perOrderCents <= 0) return null;
  const pieces =
    quote.quantity === 1 ? 'the 1 piece' : `the ${quote.quantity.toLocaleString('en-US')} pieces`;
  const parts: string[] = [];
  if (perPieceCents > 0) {
    parts.push(
      charges.kind === 'metal'
        ? `a ${formatMoney(perPieceCents)} casting charge per piece (in Casting)`
        : `a ${formatMoney(perPieceCents)} print set-up per piece (in 3D printing)`,
    );
  }
  if (perOrderCents > 0) parts.push(`a ${formatMoney(perOrderCents)} set-up per order, shared by ${pieces}`);
  const fixedPerPiece = perPieceCents + quote.fixedCostPrice;
  const mostly = fixedPerPiece * 2 >= quote.subtotalPerPiece;
  return mostly
    ? `Most of this price is fixed charges: ${parts.join(' and ')}. They stay the same however small the piece; more pieces share the set-up.`
    : `Includes ${parts.join(' and ')}.`;
}
