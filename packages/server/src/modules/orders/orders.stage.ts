import { STAGE } from '@facet/domain/format';

/**
 * The stage an order shows: its least advanced live item (null until paid); CANCELLED only when every
 * item is cancelled.
 */
export function orderStage(itemStages: (number | null)[]): number | null {
  if (itemStages.length === 0 || itemStages.some((s) => s === null)) return null;
  const live = (itemStages as number[]).filter((s) => s !== STAGE.CANCELLED);
  if (live.length === 0) return STAGE.CANCELLED;
  return Math.min(...live);
}
