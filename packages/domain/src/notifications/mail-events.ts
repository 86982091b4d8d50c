/**
 * The mail events, typed once (issue 29): each event's name in code and the data its mail is made of. The
 * server's senders (`mailJob`, `mailTo`), its templates and the notification catalogue are all keyed by
 * these names, so a misspelt or renamed event, data a template does not get, or an event without a
 * template or catalogue entry fails the type check instead of a mail job.
 *
 * What is stored and shown (the mail job's `event`, `notifications.type`, the preferences' `type`, the
 * outbox) is the event's wire name, in one table, MAIL_EVENT_NAMES: the spec's names (section 7, "POST
 * mails/ for events") where the spec has them, ours in the same style for the rest.
 */

import type { StageCode } from '../workflow/production-line';
import type { NotificationAudience } from './catalog';

/** Every mail greets the person by their first name. */
type Greeting = { firstName: string };

/** What every mail about a project carries; `mailTo` fills it in from the project. */
export type ProjectMailData = Greeting & {
  projectId: string;
  projectTitle: string;
  /** A service provider's project rather than a designer's (the mail says "service provider"). */
  service: boolean;
};

type AccountStatus = 'active' | 'pending' | 'hold' | 'deactivated';

/** Each mail event and the data its template is given. */
export interface MailEventMap {
  // account
  newCustomer: Greeting & { role: NotificationAudience };
  newProfessional: Greeting & { role: NotificationAudience };
  accountStatus: Greeting & { status: AccountStatus; role: NotificationAudience; reason: string | null };
  // payments and membership
  paymentReceipt: Greeting & {
    paymentId: string;
    description: string;
    amountCents: number;
    /** Set for project and change payments, which Facet holds in escrow. */
    projectId: string | null;
    paidAt: string;
  };
  membershipRenewalFailed: Greeting & {
    planName: string;
    amountCents: number;
    reason: string;
    graceUntil: string;
  };
  membershipEnded: Greeting & { planName: string; reason: 'cancelled' | 'payment-failed' };
  // orders
  orderStage: Greeting & {
    orderId: string;
    /** The stage reached (`@facet/domain/workflow` PRODUCTION_STAGES); its mail is the template's choice. */
    stage: StageCode;
    /** The stage's name. */
    stageName: string | null;
    items: string[];
    promisedAt: string | null;
    totalCents: number;
  };
  orderShipped: Greeting & { orderId: string; carrier: string; trackingNumber: string };
  // projects, offers, changes, lead times, ratings
  projectCreation: ProjectMailData;
  designerInvite: ProjectMailData & { customerName: string };
  designerInviteAccept: ProjectMailData & { proName: string; priceCents: number; leadTimeDays: number };
  designerInviteRefuse: ProjectMailData & { proName: string };
  designerOfferApprove: ProjectMailData & { priceCents: number | null; leadTimeDays: number | null };
  designerOfferRefuse: ProjectMailData;
  notChosenDesigners: ProjectMailData;
  chatMention: ProjectMailData & { fromName: string; message: string };
  designerStatusMoved: ProjectMailData & { statusName: string; message: string };
  designerStatusMovedErp: ProjectMailData & { statusName: string; message: string; automatic: boolean };
  userRequestedChanges: ProjectMailData & { changes: string[] };
  designerAcceptedChanges: ProjectMailData & { priceCents: number };
  designerDeclinedChanges: ProjectMailData;
  userApprovedChanges: ProjectMailData & { priceCents: number | null };
  userDeclinedChanges: ProjectMailData;
  userChangesPaymentSubmitted: ProjectMailData & { priceCents: number | null };
  leadTimeRequested: ProjectMailData & { previousDays: number; leadTimeDays: number; reason: string };
  leadTimeAnswered: ProjectMailData & {
    accepted: boolean;
    previousDays: number;
    leadTimeDays: number;
    dueAt: string | null;
  };
  ratingAndReview: ProjectMailData & { stars: number; review: string };
  ratingAndReviewErp: ProjectMailData & { stars: number; review: string; proName: string };
}

/** A mail event, as code names it. */
export type MailEvent = keyof MailEventMap;

/**
 * Events the notification catalogue lists (a preference people see, always on) that nothing sends yet:
 * no template, no sender. Giving one a sender means moving it into MailEventMap, which then asks for its
 * template.
 */
export const UNSENT_MAIL_EVENTS = ['passwordReset', 'emailVerification'] as const;
export type UnsentMailEvent = (typeof UNSENT_MAIL_EVENTS)[number];

/** Every event the notification catalogue knows. */
export type NotificationEvent = MailEvent | UnsentMailEvent;

/** The one table of wire names: code name → the name stored, shown and used by the spec. */
export const MAIL_EVENT_NAMES = {
  newCustomer: 'new-customer',
  newProfessional: 'new-professional',
  accountStatus: 'account-status',
  passwordReset: 'password-reset',
  emailVerification: 'email-verification',
  paymentReceipt: 'payment-receipt',
  membershipRenewalFailed: 'membership-renewal-failed',
  membershipEnded: 'membership-ended',
  orderStage: 'order-stage',
  orderShipped: 'order-shipped',
  projectCreation: 'project-creation',
  designerInvite: 'designer-invite',
  designerInviteAccept: 'designer-invite-accept',
  designerInviteRefuse: 'designer-invite-refuse',
  designerOfferApprove: 'designer-offer-approve',
  designerOfferRefuse: 'designer-offer-refuse',
  notChosenDesigners: 'not-chosen-designers',
  chatMention: 'chat-mention',
  designerStatusMoved: 'designer-status-moved',
  designerStatusMovedErp: 'designer-status-moved-erp',
  userRequestedChanges: 'user-requested-changes',
  designerAcceptedChanges: 'designer-accepted-changes',
  designerDeclinedChanges: 'designer-declined-changes',
  userApprovedChanges: 'user-approved-changes',
  userDeclinedChanges: 'user-declined-changes',
  userChangesPaymentSubmitted: 'user-changes-payment-submitted',
  leadTimeRequested: 'lead-time-requested',
  leadTimeAnswered: 'lead-time-answered',
  ratingAndReview: 'rating-and-review',
  ratingAndReviewErp: 'rating-and-review-erp',
} as const satisfies Record<NotificationEvent, string>;

/** A wire name (what a mail job, a notification and a preference carry). */
export type MailWireName = (typeof MAIL_EVENT_NAMES)[NotificationEvent];

const UNSENT: ReadonlySet<NotificationEvent> = new Set(UNSENT_MAIL_EVENTS);
const byWireName = new Map<string, NotificationEvent>(
  Object.entries(MAIL_EVENT_NAMES).map(([event, wire]) => [wire, event as NotificationEvent]),
);

/** The event a wire name stands for, if something sends it (a job from the queue names its event so). */
export function mailEventOf(wireName: string): MailEvent | undefined {
  const event = byWireName.get(wireName);
  return event && !UNSENT.has(event) ? (event as MailEvent) : undefined;
}
