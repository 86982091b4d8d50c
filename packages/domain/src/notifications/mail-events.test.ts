import { describe, expect, it } from 'vitest';
import { NOTIFICATION_CATALOGUE, NOTIFICATION_TYPES, type NotificationCatalogue } from './catalog';
import { MAIL_EVENT_NAMES, mailEventOf, UNSENT_MAIL_EVENTS, type NotificationEvent } from './mail-events';

/** Spec section 7, "POST mails/ for events", the ones Facet sends (marketplace-tag and its -erp copy: no tags yet). */
const SPEC_EVENTS = [
  'new-customer',
  'project-creation',
  'designer-invite',
  'designer-invite-accept',
  'not-chosen-designers',
  'designer-invite-refuse',
  'designer-offer-approve',
  'designer-offer-refuse',
  'designer-status-moved',
  'designer-status-moved-erp',
  'user-requested-changes',
  'user-approved-changes',
  'user-declined-changes',
  'designer-declined-changes',
  'designer-accepted-changes',
  'user-changes-payment-submitted',
  'rating-and-review',
  'rating-and-review-erp',
];

const events = Object.keys(MAIL_EVENT_NAMES) as NotificationEvent[];
const wireNames: string[] = Object.values(MAIL_EVENT_NAMES);

describe('mail event names', () => {
  it('gives every event one wire name of its own, in the spec style', () => {
    expect(new Set(wireNames).size).toBe(wireNames.length);
    for (const name of wireNames) expect(name).toMatch(/^[a-z]+(-[a-z]+)*$/);
  });

  it("keeps the spec's names for the spec's events", () => {
    for (const name of SPEC_EVENTS) expect(wireNames).toContain(name);
  });

  it('reads a wire name back as the event that sends it; unsent and unknown names as none', () => {
    for (const event of events) {
      const unsent = (UNSENT_MAIL_EVENTS as readonly string[]).includes(event);
      expect(mailEventOf(MAIL_EVENT_NAMES[event])).toBe(unsent ? undefined : event);
    }
    expect(mailEventOf('some-new-event')).toBeUndefined();
    expect(mailEventOf('newCustomer')).toBeUndefined();
  });

  it('lists every event in the notification catalogue once, by its wire name', () => {
    expect(NOTIFICATION_TYPES.map((t) => t.type).sort()).toEqual([...wireNames].sort());
  });
});

/**
 * Checked by the type check (`npm run typecheck` runs tsc over this file), not at run time: each line
 * under `@ts-expect-error` must fail to compile, or tsc reports the unused directive.
 */
export function catalogueTypeChecks() {
  const { newCustomer: _dropped, ...withoutOne } = NOTIFICATION_CATALOGUE;
  // @ts-expect-error an event without its catalogue entry
  const forgotten: NotificationCatalogue = withoutOne;
  const misspelt: NotificationCatalogue = {
    ...NOTIFICATION_CATALOGUE,
    // @ts-expect-error an entry for an event that does not exist
    newCustomr: NOTIFICATION_CATALOGUE.newCustomer,
  };
  // @ts-expect-error an event without a wire name
  const nameless: Record<NotificationEvent, string> = { ...MAIL_EVENT_NAMES, chatMention: undefined };
  return [forgotten, misspelt, nameless];
}
