import { z } from 'zod';
import { AppError } from '../../platform/errors';
import { spotReply } from '../catalog/catalog.contract';
import type { StoredAnalysis } from '../models/models.contract';

/** What the cart shares with the pricing routes: a quote's reply shape and how a refusal is explained. */

export const quoteReply = z
  .object({
    materialId: z.number(),
    materialName: z.string(),
    kind: z.string(),
    quantity: z.number(),
    parts: z.number(),
    weightGrams: z.number(),
    castPrice: z.number(),
    threeDPrintingPrice: z.number(),
    polishLaborPrice: z.number(),
    platingPrice: z.number(),
    platingApplied: z.boolean(),
    assemblyOptionPrice: z.number(),
    laserEngravingOptionPrice: z.number(),
    laserCharacters: z.number(),
    fixedCostPrice: z.number(),
    subtotalPerPiece: z.number(),
    quantityBreak: z.object({ minQuantity: z.number(), factor: z.number() }),
    pricePerPiece: z.number(),
    totalPrice: z.number(),
    spot: spotReply.optional().describe('the spot price the metal was priced at, locked with the quote'),
  })
  .meta({ id: 'Quote' });

const plural = (n: number, one: string, many: string) =>
  `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

/** What is wrong with a model's surface, from the server's own analysis, added to the refusal. */
export function leakDetails(analysis: StoredAnalysis): string {
  const parts: string[] = [];
  if (analysis.boundaryEdges > 0)
    parts.push(plural(analysis.boundaryEdges, 'open edge', 'open edges') + ' around holes');
  if (analysis.nonManifoldEdges > 0) {
    parts.push(plural(analysis.nonManifoldEdges, 'edge', 'edges') + ' shared by more than two faces');
  }
  return parts.length ? ` We found ${parts.join(' and ')}.` : '';
}

export function explainRefusal(error: unknown, analysis: StoredAnalysis): unknown {
  if (error instanceof AppError && error.code === 'not_watertight') {
    return new AppError(error.code, error.message + leakDetails(analysis), error.status);
  }
  return error;
}
