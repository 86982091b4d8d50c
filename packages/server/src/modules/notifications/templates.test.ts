import { describe, expect, test } from 'vitest';
import { MAIL_EVENT_NAMES, type MailEvent, type MailEventMap } from '@facet/domain/notifications';
import type { Tx } from '../../db/client';
import type { ProjectRow } from '../projects/projects.access';
import { mailTo } from '../projects/projects.shared';
import { mailJob } from '../../platform/mail/mail-job';
import { notificationOf } from './notifications.service';
import { renderMail, templates, type MailTemplates } from './templates';

/**
 * Mail events are typed once (issue 29): every event has a template, and a job carries the event's wire
 * name. Adding an event without its template, a sender misspelling one or giving it the wrong data fails
 * the type check (the lines at the end of this file).
 */

const publicUrl = 'https://facet.example';
const project = {
  firstName: 'Ada',
  projectId: '3f2b8c1e-9d4a-4e7b-a1c2-5d6e7f809a1b',
  projectTitle: 'Moon ring',
  service: false,
};

/** Data for every event (a missing event fails the type check, as a missing template does). */
const SAMPLES: { [E in MailEvent]: MailEventMap[E] } = {
  newCustomer: { firstName: 'Ada', role: 'customer' },
  newProfessional: { firstName: 'Dana', role: 'designer' },
  accountStatus: { firstName: 'Dana', status: 'hold', role: 'designer', reason: 'Portfolio missing' },
  paymentReceipt: {
    firstName: 'Ada',
    paymentId: 'c0a80101-0000-4000-8000-000000000001',
    description: 'Moon ring',
    amountCents: 48_000,
    projectId: project.projectId,
    paidAt: '2025-03-14T10:30:00.000Z',
  },
  membershipRenewalFailed: {
    firstName: 'Ada',
    planName: 'Premium',
    amountCents: 2_900,
    reason: 'The card was declined.',
    graceUntil: '2025-03-17T10:30:00.000Z',
  },
  membershipEnded: { firstName: 'Ada', planName: 'Premium', reason: 'cancelled' },
  orderStage: {
    firstName: 'Ada',
    orderId: 'c0a80101-0000-4000-8000-000000000002',
    stage: 'received',
    stageName: 'RECEIVED',
    items: ['Moon ring'],
    promisedAt: '2025-04-01T00:00:00.000Z',
    totalCents: 12_000,
  },
  orderShipped: {
    firstName: 'Ada',
    orderId: 'c0a80101-0000-4000-8000-000000000002',
    carrier: 'UPS',
    trackingNumber: '1Z999',
  },
  projectCreation: project,
  designerInvite: { ...project, customerName: 'Ada L.' },
  designerInviteAccept: { ...project, proName: 'Dana D.', priceCents: 48_000, leadTimeDays: 7 },
  designerInviteRefuse: { ...project, proName: 'Dana D.' },
  designerOfferApprove: { ...project, priceCents: 48_000, leadTimeDays: 7 },
  designerOfferRefuse: project,
  notChosenDesigners: project,
  chatMention: { ...project, fromName: 'Cleo C.', message: 'Look at this' },
  designerStatusMoved: { ...project, statusName: 'In progress', message: 'Project moved to In progress' },
  designerStatusMovedErp: {
    ...project,
    statusName: 'In progress',
    message: 'Project moved to In progress',
    automatic: false,
  },
  userRequestedChanges: { ...project, changes: ['Thinner band'] },
  designerAcceptedChanges: { ...project, priceCents: 5_000 },
  designerDeclinedChanges: project,
  userApprovedChanges: { ...project, priceCents: 5_000 },
  userDeclinedChanges: project,
  userChangesPaymentSubmitted: { ...project, priceCents: 5_000 },
  leadTimeRequested: { ...project, previousDays: 7, leadTimeDays: 10, reason: 'Stone delayed' },
  leadTimeAnswered: {
    ...project,
    accepted: true,
    previousDays: 7,
    leadTimeDays: 10,
    dueAt: '2025-04-01T00:00:00.000Z',
  },
  ratingAndReview: { ...project, stars: 5, review: 'Lovely' },
  ratingAndReviewErp: { ...project, stars: 5, review: 'Lovely', proName: 'Dana D.' },
};

describe('mail templates', () => {
  test.each(Object.keys(SAMPLES) as MailEvent[])(
    '%s: its job names it by wire name, and renders a mail and a notification',
    (event) => {
      const job = mailJob(event, 'ada@example.com', SAMPLES[event]);
      expect(job.event).toBe(MAIL_EVENT_NAMES[event]);
      const mail = renderMail(job.event, job.data, { publicUrl });
      expect(mail.subject.length).toBeGreaterThan(0);
      expect(mail.text.startsWith(`${mail.subject}\n`)).toBe(true);
      expect(mail.html).toContain('<!doctype html>');
      expect(notificationOf(mail, publicUrl).title).toBe(mail.subject.slice(0, 300));
    },
  );

  test('a job naming no event it knows (a code name, an unsent or unknown name) fails the job', () => {
    for (const event of ['chatMention', 'password-reset', 'some-new-event'])
      expect(() => renderMail(event, {}, { publicUrl })).toThrow(`no mail template for event ${event}`);
  });
});

/**
 * Checked by the type check (`npm run typecheck` runs tsc over this file), not at run time: each line
 * under `@ts-expect-error` must fail to compile, or tsc reports the unused directive.
 */
export async function mailTypeChecks(tx: Tx, row: ProjectRow) {
  const { orderShipped: _dropped, ...withoutOne } = templates;
  // @ts-expect-error an event without its template
  const forgotten: MailTemplates = withoutOne;
  return [
    forgotten,
    // @ts-expect-error a misspelt event
    mailJob('orderShiped', 'ada@example.com', SAMPLES.orderShipped),
    // @ts-expect-error an event with another event's data
    mailJob('orderShipped', 'ada@example.com', SAMPLES.orderStage),
    // @ts-expect-error a wire name where the code name goes
    mailJob('order-shipped', 'ada@example.com', SAMPLES.orderShipped),
    // @ts-expect-error a project mail without its own data
    await mailTo(tx, 'designerInvite', null, row),
    // @ts-expect-error a project mail with data its template does not take
    await mailTo(tx, 'designerOfferRefuse', null, row, { priceCents: 1 }),
    // @ts-expect-error a mail that is not about a project
    await mailTo(tx, 'orderShipped', null, row, { orderId: 'x', carrier: 'UPS', trackingNumber: '1' }),
    // and what compiles: the project's part filled in, the event's own given
    await mailTo(tx, 'designerInvite', null, row, { customerName: 'Ada L.' }),
    await mailTo(tx, 'designerOfferRefuse', null, row),
  ];
}
