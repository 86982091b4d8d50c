import { describe, expect, test } from 'vitest';
import {
  allowedProjectActions,
  decideProjectAction,
  PROJECT_ACTIONS,
  type ProjectActor,
  type ProjectState,
} from './project-machine';

const base: ProjectState = {
  position: -1,
  completed: false,
  hasAcceptedOffer: false,
  changes: 'none',
  rated: false,
  leadTimeChange: 'none',
  delivered: false,
};
const delivered = { hasAcceptedOffer: true, delivered: true };
const states: Record<string, ProjectState> = {
  'not started': base,
  inviting: { ...base, position: 1 },
  'make payment': { ...base, position: 2, hasAcceptedOffer: true },
  'in design': { ...base, position: 3, hasAcceptedOffer: true },
  review: { ...base, position: 4, ...delivered },
  'changes requested': { ...base, position: 4, ...delivered, changes: 'requested' },
  'changes quoted': { ...base, position: 4, ...delivered, changes: 'quoted' },
  'changes approved': { ...base, position: 4, ...delivered, changes: 'approved' },
  'changes paid': { ...base, position: 3, ...delivered },
  'lead time asked': { ...base, position: 3, hasAcceptedOffer: true, leadTimeChange: 'requested' },
  completed: { ...base, position: 4, ...delivered, completed: true },
  rated: { ...base, position: 4, ...delivered, completed: true, rated: true },
  cancelled: { ...base, position: 5, hasAcceptedOffer: true, leadTimeChange: 'requested' },
  'cancelled unpaid': { ...base, position: 5 },
};
const actors: ProjectActor[] = ['owner', 'invited-pro', 'adopted-pro', 'staff', 'system', 'stranger'];

/** The whole allowed table: state -> actor -> actions. Everything not listed is refused. */
const allowed: Record<string, Partial<Record<ProjectActor, string[]>>> = {
  'not started': { owner: ['edit', 'delete', 'invite'], staff: ['cancel'] },
  inviting: {
    owner: ['edit', 'delete', 'invite', 'accept-offer', 'decline-offer'],
    'invited-pro': ['quote', 'refuse-invitation'],
    staff: ['cancel'],
  },
  'make payment': {
    owner: ['edit', 'pay'],
    staff: ['mark-paid', 'cancel'],
    system: ['payment-confirmed'],
  },
  'in design': { owner: ['edit'], 'adopted-pro': ['deliver', 'request-lead-time'], staff: ['cancel'] },
  review: { owner: ['edit', 'approve-delivery', 'request-changes'], system: ['complete-inactive'] },
  'changes requested': { owner: ['edit'], 'adopted-pro': ['quote-changes', 'reject-changes'] },
  'changes quoted': { owner: ['edit', 'approve-changes', 'decline-changes'] },
  'changes approved': { owner: ['edit', 'pay-changes'], staff: ['changes-paid'], system: ['changes-paid'] },
  // delivered once: the work is the customer's, staff no longer cancel it
  'changes paid': { owner: ['edit'], 'adopted-pro': ['deliver', 'request-lead-time'] },
  'lead time asked': { owner: ['edit', 'answer-lead-time'], 'adopted-pro': ['deliver'], staff: ['cancel'] },
  completed: { owner: ['rate'] },
  rated: {},
  // closed: nothing moves; the owner may still delete one that never had an accepted offer
  cancelled: {},
  'cancelled unpaid': { owner: ['delete'] },
};

describe('project state × actor × action', () => {
  for (const [stateName, state] of Object.entries(states)) {
    for (const actor of actors) {
      for (const action of PROJECT_ACTIONS) {
        const expected = (allowed[stateName]?.[actor] ?? []).includes(action);
        test(`${stateName}: ${actor} ${action} is ${expected ? 'allowed' : 'refused'}`, () => {
          const decision = decideProjectAction(state, actor, action);
          expect(decision.ok).toBe(expected);
          if (!decision.ok) expect(decision.message.length).toBeGreaterThan(0);
        });
      }
    }
  }
});

describe('moves', () => {
  const next = (s: ProjectState, actor: ProjectActor, action: (typeof PROJECT_ACTIONS)[number]) => {
    const d = decideProjectAction(s, actor, action);
    if (!d.ok) throw new Error(d.message);
    return d;
  };
  test('inviting moves a new project to position 1', () => {
    expect(next(states['not started']!, 'owner', 'invite').next.position).toBe(1);
  });
  test('accepting jumps to Make Payment (2) and marks the offer accepted', () => {
    const d = next(states.inviting!, 'owner', 'accept-offer');
    expect(d.next).toMatchObject({ position: 2, hasAcceptedOffer: true });
    expect(d.moved).toBe(true);
  });
  test('paid -> 3, delivered -> 4, approved -> completed flag at 4', () => {
    expect(next(states['make payment']!, 'staff', 'mark-paid').next.position).toBe(3);
    expect(next(states['in design']!, 'adopted-pro', 'deliver').next.position).toBe(4);
    const done = next(states.review!, 'owner', 'approve-delivery');
    expect(done.next).toMatchObject({ position: 4, completed: true });
    expect(done.completes).toBe(true);
  });
  test('approved changes wait for their payment, paid changes send the project back to 3', () => {
    expect(next(states['changes quoted']!, 'owner', 'approve-changes').next).toMatchObject({
      position: 4,
      changes: 'approved',
    });
    expect(next(states['changes approved']!, 'system', 'changes-paid').next).toMatchObject({
      position: 3,
      changes: 'none',
    });
  });
  test('the gateway confirms a payment at Make Payment: the project moves to 3', () => {
    expect(next(states['make payment']!, 'system', 'payment-confirmed').next.position).toBe(3);
    expect(decideProjectAction(states['in design']!, 'system', 'payment-confirmed').ok).toBe(false);
  });
  test('a stranger is refused as forbidden, a wrong state as wrong_status', () => {
    expect(decideProjectAction(states.inviting!, 'stranger', 'accept-offer')).toMatchObject({
      ok: false,
      reason: 'forbidden',
    });
    expect(decideProjectAction(states.review!, 'owner', 'accept-offer')).toMatchObject({
      ok: false,
      reason: 'wrong_status',
    });
  });
  test('staff cancel before delivery: the project goes to the Cancelled position and stays there', () => {
    const d = next(states['in design']!, 'staff', 'cancel');
    expect(d.next.position).toBe(5);
    expect(d.moved).toBe(true);
    expect(decideProjectAction(states['changes paid']!, 'staff', 'cancel')).toEqual({
      ok: false,
      reason: 'wrong_status',
      message: 'Only a project cancelled before delivery can be refunded.',
    });
    for (const [actor, action] of [
      ['adopted-pro', 'deliver'],
      ['staff', 'mark-paid'],
      ['owner', 'invite'],
      ['invited-pro', 'quote'],
      ['owner', 'answer-lead-time'],
      ['staff', 'cancel'],
    ] as const) {
      expect(decideProjectAction(states.cancelled!, actor, action)).toEqual({
        ok: false,
        reason: 'wrong_status',
        message: 'This project was cancelled.',
      });
    }
    // who may act at all is checked first: a stranger is still forbidden
    expect(decideProjectAction(states.cancelled!, 'stranger', 'deliver')).toMatchObject({
      reason: 'forbidden',
    });
  });
  test('allowed actions list what the viewer may do now', () => {
    expect(allowedProjectActions(states.inviting!, 'owner')).toEqual([
      'edit',
      'delete',
      'invite',
      'accept-offer',
      'decline-offer',
    ]);
    expect(allowedProjectActions(states.review!, 'system')).toEqual([]);
  });
});
