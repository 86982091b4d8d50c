import type { StatusPosition } from './statuses';
import { CANCELLED_POSITION, isCancelled, nextPosition } from './statuses';

/**
 * The project state machine: a table of allowed actions (who, from which state) and one pure
 * function that decides an action. The server applies the result in one transaction.
 */
/** `approved`: the customer approved priced changes and has yet to pay them. */
export type ChangesState = 'none' | 'requested' | 'quoted' | 'approved';

export interface ProjectState {
  position: StatusPosition;
  completed: boolean;
  hasAcceptedOffer: boolean;
  changes: ChangesState;
  rated: boolean;
  /** `requested`: the chosen pro asked to change the lead time and the customer has not answered yet. */
  leadTimeChange: 'none' | 'requested';
  /** The chosen pro delivered at least once (it stays true when paid changes send the project back to 3). */
  delivered: boolean;
}

/** Who is acting, relative to this project. */
export type ProjectActor = 'owner' | 'invited-pro' | 'adopted-pro' | 'staff' | 'system' | 'stranger';

export const PROJECT_ACTIONS = [
  'edit',
  'delete',
  'invite',
  'quote',
  'refuse-invitation',
  'accept-offer',
  'decline-offer',
  'mark-paid',
  'pay',
  'payment-confirmed',
  'deliver',
  'approve-delivery',
  'request-changes',
  'quote-changes',
  'reject-changes',
  'approve-changes',
  'decline-changes',
  'pay-changes',
  'changes-paid',
  'complete-inactive',
  'rate',
  'request-lead-time',
  'answer-lead-time',
  'cancel',
] as const;
export type ProjectAction = (typeof PROJECT_ACTIONS)[number];

interface Rule {
  actors: readonly ProjectActor[];
  /** null = allowed; otherwise the message why not now. */
  when: (s: ProjectState) => string | null;
  apply: (s: ProjectState) => ProjectState;
}

const same = (s: ProjectState) => s;
const open = (s: ProjectState) => (s.completed ? 'This project is completed.' : null);
const inviting = (s: ProjectState) =>
  s.completed || s.hasAcceptedOffer || s.position > 1 ? 'Invitations are closed for this project.' : null;
const offering = (s: ProjectState) =>
  s.completed || s.hasAcceptedOffer || s.position !== 1 ? 'This project is no longer taking offers.' : null;
const inReview = (s: ProjectState) =>
  s.completed || s.position !== 4 ? 'This project has no delivery to review.' : null;
const awaitingPayment = (s: ProjectState) =>
  s.completed || s.position !== 2 ? 'This project is not waiting for payment.' : null;
const changesUnpaid = (s: ProjectState) =>
  s.completed || s.changes !== 'approved' ? 'There are no approved changes to pay.' : null;

export const PROJECT_RULES: Record<ProjectAction, Rule> = {
  edit: { actors: ['owner'], when: open, apply: same },
  delete: {
    actors: ['owner'],
    when: (s) => (s.hasAcceptedOffer ? 'This project has an accepted offer and cannot be deleted.' : null),
    apply: same,
  },
  invite: { actors: ['owner'], when: inviting, apply: (s) => ({ ...s, position: 1 }) },
  quote: { actors: ['invited-pro'], when: offering, apply: same },
  'refuse-invitation': { actors: ['invited-pro'], when: offering, apply: same },
  'accept-offer': {
    actors: ['owner'],
    when: offering,
    // special case: accepting jumps to Make Payment (position 2)
    apply: (s) => ({ ...s, position: 2, hasAcceptedOffer: true }),
  },
  'decline-offer': { actors: ['owner'], when: offering, apply: same },
  'mark-paid': {
    actors: ['staff'],
    when: awaitingPayment,
    apply: (s) => ({ ...s, position: nextPosition(s.position) }),
  },
  // the customer starts a payment; the project moves once the gateway confirms it
  pay: { actors: ['owner'], when: awaitingPayment, apply: same },
  'payment-confirmed': {
    actors: ['system'],
    when: awaitingPayment,
    apply: (s) => ({ ...s, position: nextPosition(s.position) }),
  },
  deliver: {
    actors: ['adopted-pro'],
    when: (s) => (s.completed || s.position !== 3 ? 'This project is not in progress.' : null),
    apply: (s) => ({ ...s, position: nextPosition(s.position) }),
  },
  'approve-delivery': {
    actors: ['owner'],
    when: (s) => inReview(s) ?? (s.changes !== 'none' ? 'Answer the open change request first.' : null),
    apply: (s) => ({ ...s, completed: true }),
  },
  'request-changes': {
    actors: ['owner'],
    when: (s) => inReview(s) ?? (s.changes !== 'none' ? 'A change request is already open.' : null),
    apply: (s) => ({ ...s, changes: 'requested' }),
  },
  'quote-changes': {
    actors: ['adopted-pro'],
    when: (s) => inReview(s) ?? (s.changes !== 'requested' ? 'There is no change request to answer.' : null),
    apply: (s) => ({ ...s, changes: 'quoted' }),
  },
  'reject-changes': {
    actors: ['adopted-pro'],
    when: (s) => inReview(s) ?? (s.changes !== 'requested' ? 'There is no change request to answer.' : null),
    apply: (s) => ({ ...s, changes: 'none' }),
  },
  'approve-changes': {
    actors: ['owner'],
    when: (s) => inReview(s) ?? (s.changes !== 'quoted' ? 'The changes have not been priced yet.' : null),
    // approved changes wait for their payment ('changes-paid' sends the project back to position 3)
    apply: (s) => ({ ...s, changes: 'approved' }),
  },
  'decline-changes': {
    actors: ['owner'],
    when: (s) => inReview(s) ?? (s.changes !== 'quoted' ? 'The changes have not been priced yet.' : null),
    apply: (s) => ({ ...s, changes: 'none' }),
  },
  'pay-changes': { actors: ['owner'], when: changesUnpaid, apply: same },
  'changes-paid': {
    actors: ['system', 'staff'],
    when: changesUnpaid,
    // special case: paid changes send the project back to position 3
    apply: (s) => ({ ...s, changes: 'none', position: 3 }),
  },
  'complete-inactive': {
    actors: ['system'],
    when: (s) => inReview(s) ?? (s.changes !== 'none' ? 'A change request is open.' : null),
    apply: (s) => ({ ...s, completed: true }),
  },
  rate: {
    actors: ['owner'],
    when: (s) =>
      !s.completed
        ? 'You can rate once the project is completed.'
        : s.rated
          ? 'You already rated this project.'
          : null,
    apply: (s) => ({ ...s, rated: true }),
  },
  // the chosen pro asks for more (or fewer) days while the work is in progress; the customer agrees or declines
  'request-lead-time': {
    actors: ['adopted-pro'],
    when: (s) =>
      s.completed || s.position !== 3
        ? 'The lead time can change only while the work is in progress.'
        : s.leadTimeChange !== 'none'
          ? 'A lead time change is already waiting for an answer.'
          : null,
    apply: (s) => ({ ...s, leadTimeChange: 'requested' }),
  },
  'answer-lead-time': {
    actors: ['owner'],
    when: (s) =>
      s.leadTimeChange !== 'requested'
        ? 'There is no lead time change to answer.'
        : s.completed
          ? 'This project is completed.'
          : null,
    apply: (s) => ({ ...s, leadTimeChange: 'none' }),
  },
  // staff cancel a project before delivery, refunding what it paid (decision 051)
  cancel: {
    actors: ['staff'],
    when: (s) =>
      s.completed || s.delivered ? 'Only a project cancelled before delivery can be refunded.' : null,
    apply: (s) => ({ ...s, position: CANCELLED_POSITION }),
  },
};

/** What a cancelled project still allows: its owner may delete it (when no offer was ever accepted). */
const OPEN_WHEN_CANCELLED = new Set<ProjectAction>(['delete']);
/** Why a cancelled project refuses an action. */
export const PROJECT_CANCELLED_MESSAGE = 'This project was cancelled.';

export type Decision =
  | { ok: true; next: ProjectState; moved: boolean; completes: boolean }
  | { ok: false; reason: 'forbidden' | 'wrong_status'; message: string };

/** May this actor take this action now? If so, the state after it. */
export function decideProjectAction(
  state: ProjectState,
  actor: ProjectActor,
  action: ProjectAction,
): Decision {
  const rule = PROJECT_RULES[action];
  if (!rule.actors.includes(actor)) {
    return { ok: false, reason: 'forbidden', message: 'You are not allowed to do that.' };
  }
  // a cancelled project is closed: no move, offer, delivery, edit or answer
  if (isCancelled(state) && !OPEN_WHEN_CANCELLED.has(action)) {
    return { ok: false, reason: 'wrong_status', message: PROJECT_CANCELLED_MESSAGE };
  }
  const why = rule.when(state);
  if (why) return { ok: false, reason: 'wrong_status', message: why };
  const next = rule.apply(state);
  return {
    ok: true,
    next,
    moved: next.position !== state.position,
    completes: next.completed && !state.completed,
  };
}

const SYSTEM_ONLY = new Set<ProjectAction>(['complete-inactive', 'payment-confirmed']);

/** Every action this actor may take now (the server sends it; buttons follow it). */
export function allowedProjectActions(state: ProjectState, actor: ProjectActor): ProjectAction[] {
  return PROJECT_ACTIONS.filter((a) => !SYSTEM_ONLY.has(a) && decideProjectAction(state, actor, a).ok);
}
