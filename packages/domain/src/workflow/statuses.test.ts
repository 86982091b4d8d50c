import { describe, expect, test } from 'vitest';
import {
  CANCELLED_STATUS_IDS,
  inviteStatus,
  isCancelled,
  matchesFilter,
  moveMessage,
  nextPosition,
  PROJECT_FILTERS,
  projectPhase,
  statusAt,
} from './statuses';
import { compareOffers, offerTransition } from './offer-machine';
import { changeTransition, resolveChangeAnswer } from './changes-machine';

describe('statuses', () => {
  test('the invite status is the one whose name contains invite', () => {
    expect(inviteStatus('design').name).toBe('Invite Designers');
    expect(inviteStatus('service').name).toBe('Invite Service Providers');
    expect(statusAt('design', 2).name).toBe('Make Payment');
    expect(statusAt('service', 3).name).toBe('In Production');
  });
  test('next position is position plus an offset, clamped', () => {
    expect(nextPosition(-1)).toBe(1);
    expect(nextPosition(1)).toBe(2);
    expect(nextPosition(4)).toBe(4);
    expect(nextPosition(3, -1)).toBe(2);
    // a cancelled project is outside the steps: it never moves on
    expect(nextPosition(5)).toBe(5);
  });
  test('each workflow has a Cancelled status after its steps', () => {
    expect(statusAt('design', 5)).toMatchObject({ id: 'design-cancelled', name: 'Cancelled' });
    expect(statusAt('service', 5)).toMatchObject({ id: 'service-cancelled', name: 'Cancelled' });
    expect(CANCELLED_STATUS_IDS).toEqual(['design-cancelled', 'service-cancelled']);
    expect(isCancelled('service-cancelled')).toBe(true);
    expect(isCancelled('design-in-progress')).toBe(false);
    expect(isCancelled({ position: 5 })).toBe(true);
  });
  test('a cancelled project is in no filter but all (and service, for a service project)', () => {
    for (const sentInvite of [false, true]) {
      for (const service of [false, true]) {
        const cancelled = { position: 5, sentInvite, completed: false, service };
        expect(projectPhase(cancelled)).toBe('cancelled');
        expect(PROJECT_FILTERS.filter((f) => matchesFilter(f, cancelled))).toEqual(
          service ? ['all', 'service'] : ['all'],
        );
      }
    }
  });
  test('filters follow the spec', () => {
    const p = (position: number, sentInvite = false, completed = false, service = false) => ({
      position,
      sentInvite,
      completed,
      service,
    });
    expect(matchesFilter('not-started', p(-1))).toBe(true);
    expect(matchesFilter('not-started', p(1))).toBe(true);
    expect(matchesFilter('not-started', p(1, true))).toBe(false);
    expect(matchesFilter('invited', p(1, true))).toBe(true);
    expect(matchesFilter('in-progress', p(1, true))).toBe(true);
    expect(matchesFilter('in-progress', p(4, true))).toBe(true);
    expect(matchesFilter('in-progress', p(4, true, true))).toBe(false);
    expect(matchesFilter('completed', p(4, true, true))).toBe(true);
    expect(matchesFilter('service', p(2, true, false, true))).toBe(true);
    expect(matchesFilter('service', p(2, true))).toBe(false);
    expect(projectPhase(p(3, true))).toBe('in-progress');
  });
  test('the move message, with the inactivity suffix', () => {
    expect(moveMessage('Make Payment')).toBe('Project has been moved to Make Payment');
    expect(moveMessage('Completed', true)).toBe('Project has been moved to Completed due to inactivity');
  });
});

describe('offers and changes', () => {
  test('offer transitions', () => {
    expect(offerTransition('pending', 'quote')).toBe('quoted');
    expect(offerTransition('pending', 'accept')).toBeNull();
    // the customer answers only an offer: a pending invitation cannot be declined, only the pro may refuse it
    expect(offerTransition('pending', 'decline')).toBeNull();
    expect(offerTransition('quoted', 'decline')).toBe('refused');
    expect(offerTransition('pending', 'refuse')).toBe('refused');
    expect(offerTransition('quoted', 'accept')).toBe('accepted');
    expect(offerTransition('accepted', 'decline')).toBeNull();
    expect(offerTransition('refused', 'quote')).toBeNull();
    expect(offerTransition('quoted', 'not-chosen')).toBe('refused');
  });
  test('offers with price and lead time come first', () => {
    const list = [
      { id: 'a', priceCents: null, leadTimeDays: null, invitedAt: '2024-01-01T00:00:00Z' },
      { id: 'b', priceCents: 100, leadTimeDays: 3, invitedAt: '2024-01-02T00:00:00Z' },
    ];
    expect(list.sort(compareOffers).map((o) => o.id)).toEqual(['b', 'a']);
  });
  test('when not all changes are approved, they become refused', () => {
    expect(resolveChangeAnswer(2)).toBe('approved');
    expect(resolveChangeAnswer(2, [true, true])).toBe('approved');
    expect(resolveChangeAnswer(2, [true, false])).toBe('refused');
    expect(resolveChangeAnswer(2, [true])).toBe('refused');
    expect(changeTransition('requested', 'quote')).toBe('quoted');
    expect(changeTransition('quoted', 'reject')).toBeNull();
  });
});
