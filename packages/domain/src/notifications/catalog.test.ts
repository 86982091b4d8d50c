import { describe, expect, it } from 'vitest';
import { mailAlwaysSent, NOTIFICATION_TYPES, notificationType, notificationTypesFor } from './catalog';

describe('notification catalogue', () => {
  it('names every type once', () => {
    const names = NOTIFICATION_TYPES.map((t) => t.type);
    expect(new Set(names).size).toBe(names.length);
  });

  it('keeps transactional mail on: security, receipts, membership money, account status', () => {
    for (const type of [
      'password-reset',
      'email-verification',
      'payment-receipt',
      'membership-ended',
      'account-status',
    ])
      expect(mailAlwaysSent(type)).toBe(true);
    expect(mailAlwaysSent('designer-invite-accept')).toBe(false);
    expect(mailAlwaysSent('chat-mention')).toBe(false);
  });

  it("sends an order's confirmation and cancellation always, its other stages as chosen", () => {
    expect(mailAlwaysSent('order-stage', { stage: 'received' })).toBe(true);
    expect(mailAlwaysSent('order-stage', { stage: 'cancelled' })).toBe(true);
    expect(mailAlwaysSent('order-stage', { stage: 'casting' })).toBe(false);
    expect(mailAlwaysSent('order-stage', { stage: 'no-such-stage' })).toBe(false);
    // a mail job queued before the codes carries the API's number
    expect(mailAlwaysSent('order-stage', { stage: 7 })).toBe(true);
    expect(mailAlwaysSent('order-stage', { stage: 3 })).toBe(false);
    expect(mailAlwaysSent('order-shipped', {})).toBe(false);
  });

  it('never silences an event it does not know', () => {
    expect(notificationType('some-new-event')).toBeUndefined();
    expect(mailAlwaysSent('some-new-event')).toBe(true);
  });

  it('shows each role only its own types', () => {
    const customer = notificationTypesFor('customer').map((t) => t.type);
    expect(customer).toContain('designer-invite-accept');
    expect(customer).not.toContain('designer-invite');
    const designer = notificationTypesFor('designer').map((t) => t.type);
    expect(designer).toContain('designer-invite');
    expect(designer).not.toContain('payment-receipt');
    expect(notificationTypesFor('staff').map((t) => t.type)).toContain('designer-status-moved-erp');
  });
});
