/**
 * The production line of an order item (DESIGN.md §3 Production), as one ordered table: the only place a
 * stage is defined. Everything else derives from it: the codes' type, the order of stages (index in the
 * table), the moves (`next`), cancelling (`refundable`), which mails always go out (`alwaysMailed`), and
 * the API's numbers (`wire`, decision 062).
 *
 * Adding a stage: a row here (and the `next` of the row before it), a migration inserting its code into
 * `production_stages`, and its mail in the server's templates (the type check asks for it). See
 * docs/architecture.md, "How to change it: add a production stage".
 */
interface StageRow {
  /** What the database stores (`order_items.stage`, `order_stage_events.stage` → `production_stages.code`). */
  readonly code: string;
  /** The spec's name: shown on every page, mailed, sent as `stageName`. */
  readonly label: string;
  /**
   * The stage's number in the API (`stage`, `stages[].code`, the move's body, `order-updated`). Fixed per
   * stage and never reused: an identifier, not a position. A new stage takes the next unused number.
   */
  readonly wire: number;
  /** The one stage an item moves on to; null: final. */
  readonly next: string | null;
  /** While every item of an order is at such a stage, the order may be cancelled and is refunded. */
  readonly refundable: boolean;
  /** Its mail goes out whatever the customer chose (money moved: the purchase, the refund). */
  readonly alwaysMailed: boolean;
}

export const PRODUCTION_STAGES = [
  { code: 'received', label: 'RECEIVED', wire: 0, next: 'processing', refundable: true, alwaysMailed: true },
  {
    code: 'processing',
    label: 'PROCESSING',
    wire: 1,
    next: 'printing',
    refundable: false,
    alwaysMailed: false,
  },
  {
    code: 'printing',
    label: '3D PRINTING',
    wire: 2,
    next: 'casting',
    refundable: false,
    alwaysMailed: false,
  },
  { code: 'casting', label: 'CASTING', wire: 3, next: 'polish', refundable: false, alwaysMailed: false },
  { code: 'polish', label: 'POLISH', wire: 4, next: 'quality_check', refundable: false, alwaysMailed: false },
  {
    code: 'quality_check',
    label: 'FINAL QUALITY CHECK',
    wire: 5,
    next: 'delivery',
    refundable: false,
    alwaysMailed: false,
  },
  { code: 'delivery', label: 'DELIVERY', wire: 6, next: null, refundable: false, alwaysMailed: false },
  // beside the line: no stage moves on to it; an order at a refundable stage is cancelled into it
  { code: 'cancelled', label: 'CANCELLED', wire: 7, next: null, refundable: false, alwaysMailed: true },
] as const satisfies readonly StageRow[];

export type ProductionStage = (typeof PRODUCTION_STAGES)[number];
/** A stage's code: the union of the table's codes, so a code outside it is a type error. */
export type StageCode = ProductionStage['code'];
/** A stage's number in the API. */
export type StageWire = ProductionStage['wire'];

// every `next` names a row of the table (a typo is a type error here)
type NextIsAStage = ProductionStage['next'] extends StageCode | null ? true : never;
const _nextIsAStage: NextIsAStage = true;

const byCode = new Map<string, ProductionStage>(PRODUCTION_STAGES.map((s) => [s.code, s]));
const byWire = new Map<number, ProductionStage>(PRODUCTION_STAGES.map((s) => [s.wire, s]));

export const STAGE_CODES = PRODUCTION_STAGES.map((s) => s.code) as [StageCode, ...StageCode[]];
export const STAGE_WIRES = PRODUCTION_STAGES.map((s) => s.wire) as [StageWire, ...StageWire[]];

export function isStageCode(value: unknown): value is StageCode {
  return typeof value === 'string' && byCode.has(value);
}

/** The row of a code. */
export function productionStage(code: StageCode): ProductionStage {
  return byCode.get(code)!;
}

/** The row the API's number names, if any. */
export function stageByWire(wire: number | null | undefined): ProductionStage | undefined {
  return wire === null || wire === undefined ? undefined : byWire.get(wire);
}

/**
 * A stage kept in data written by code (a mail job's `stage`): its code, or its API number in a job queued
 * before the codes (migration 0027). Anything else: undefined.
 */
export function readStage(value: unknown): ProductionStage | undefined {
  if (typeof value === 'number') return byWire.get(value);
  return typeof value === 'string' ? byCode.get(value) : undefined;
}

export const stageLabel = (code: StageCode): string => productionStage(code).label;
export const stageWire = (code: StageCode): StageWire => productionStage(code).wire;

/** Where a stage stands in the table: the order of stages (an earlier stage is less advanced). */
export function stageIndex(code: StageCode): number {
  return PRODUCTION_STAGES.findIndex((s) => s.code === code);
}

/** The line itself: from the first stage along `next` (the cancelled stage is beside it). */
export const PRODUCTION_LINE: readonly ProductionStage[] = (() => {
  const line: ProductionStage[] = [];
  for (
    let s: ProductionStage | undefined = PRODUCTION_STAGES[0];
    s;
    s = s.next ? byCode.get(s.next) : undefined
  ) {
    if (line.includes(s)) throw new Error(`the production line loops at ${s.code}`);
    line.push(s);
  }
  return line;
})();

/** Where a paid item starts. */
export const FIRST_STAGE: StageCode = PRODUCTION_LINE[0]!.code;
/** The end of the line: an order whose live items are all here is delivered. */
export const LAST_STAGE: StageCode = PRODUCTION_LINE[PRODUCTION_LINE.length - 1]!.code;
/** Where a cancelled order's items go (from a refundable stage only). */
export const CANCELLED_STAGE = 'cancelled' as const satisfies StageCode;

/** Whether every item at these stages may still be cancelled and refunded. */
export function allRefundable(stages: readonly (StageCode | null)[]): boolean {
  return stages.length > 0 && stages.every((s) => s !== null && productionStage(s).refundable);
}

/**
 * Whether an item may move from one stage to another: on to its `next` stage, or to CANCELLED from a
 * refundable stage. A stage without `next` is final; an unpaid item (no stage) does not move.
 */
export function stageMoveAllowed(from: StageCode | null, to: StageCode): boolean {
  if (from === null) return false;
  if (to === CANCELLED_STAGE) return productionStage(from).refundable;
  return productionStage(from).next === to;
}

/**
 * The stage an order shows: its least advanced live item (null until paid, when an item has no stage);
 * CANCELLED only when every item is cancelled.
 */
export function orderStageOf(itemStages: readonly (StageCode | null)[]): StageCode | null {
  if (itemStages.length === 0 || itemStages.some((s) => s === null)) return null;
  const live = (itemStages as StageCode[]).filter((s) => s !== CANCELLED_STAGE);
  if (live.length === 0) return CANCELLED_STAGE;
  return live.reduce((least, s) => (stageIndex(s) < stageIndex(least) ? s : least));
}
