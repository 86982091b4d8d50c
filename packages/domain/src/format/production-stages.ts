/** Production stage codes of an order (DESIGN.md §3 Production): 0..7. */
export const PRODUCTION_STAGES = [
  'RECEIVED',
  'PROCESSING',
  '3D PRINTING',
  'CASTING',
  'POLISH',
  'FINAL QUALITY CHECK',
  'DELIVERY',
  'CANCELLED',
] as const;
export type ProductionStage = (typeof PRODUCTION_STAGES)[number];

export function stageName(code: number): ProductionStage | null {
  return PRODUCTION_STAGES[code] ?? null;
}
