import { readStage } from '../workflow/production-line';

/**
 * The notification centre's catalogue (issue 15): every mail event is also an in-app notification, and each
 * event type has a mail preference. Transactional mail (account, security, money, legal) always goes out;
 * its preference is shown but cannot be turned off. Keyed by the event names of `mail-events.ts`: an event
 * without its entry here fails the type check.
 */

import { MAIL_EVENT_NAMES, type MailWireName, type NotificationEvent } from './mail-events';

export type NotificationAudience = 'customer' | 'designer' | 'service' | 'staff';

export type NotificationCategory = 'account' | 'payments' | 'orders' | 'projects' | 'work' | 'production';

export interface NotificationType {
  /** The mail event's wire name (MAIL_EVENT_NAMES: the spec's event names, section 7). */
  type: MailWireName;
  category: NotificationCategory;
  /** What the preference is called in account settings. */
  label: string;
  /** Who receives it (the preferences list shows a person only theirs). */
  audience: readonly NotificationAudience[];
  /** Transactional: the mail always goes out, whatever the preference. */
  required: boolean;
}

const PROS = ['designer', 'service'] as const;
const EVERYONE = ['customer', 'designer', 'service', 'staff'] as const;

export const NOTIFICATION_CATEGORIES: Record<NotificationCategory, string> = {
  account: 'Account and security',
  payments: 'Payments and membership',
  orders: 'Orders',
  projects: 'Your projects',
  work: 'Your work as a professional',
  production: 'Production team',
};

/** Each event's entry, in the order the preferences list shows them. */
export type NotificationCatalogue = { readonly [E in NotificationEvent]: Omit<NotificationType, 'type'> };

export const NOTIFICATION_CATALOGUE: NotificationCatalogue = {
  newCustomer: {
    category: 'account',
    label: 'Welcome to Facet',
    audience: ['customer'],
    required: true,
  },
  newProfessional: {
    category: 'account',
    label: 'Application received',
    audience: PROS,
    required: true,
  },
  accountStatus: {
    category: 'account',
    label: 'Account status changes',
    audience: EVERYONE,
    required: true,
  },
  passwordReset: {
    category: 'account',
    label: 'Password reset',
    audience: EVERYONE,
    required: true,
  },
  emailVerification: {
    category: 'account',
    label: 'E-mail verification',
    audience: EVERYONE,
    required: true,
  },
  paymentReceipt: {
    category: 'payments',
    label: 'Payment receipts',
    audience: ['customer'],
    required: true,
  },
  membershipRenewalFailed: {
    category: 'payments',
    label: 'Membership renewal problems',
    audience: ['customer'],
    required: true,
  },
  membershipEnded: {
    category: 'payments',
    label: 'Membership ended',
    audience: ['customer'],
    required: true,
  },
  orderStage: {
    category: 'orders',
    label: 'Order progress through production',
    audience: ['customer'],
    required: false,
  },
  orderShipped: {
    category: 'orders',
    label: 'Order shipped',
    audience: ['customer'],
    required: false,
  },
  projectCreation: {
    category: 'projects',
    label: 'Project created',
    audience: ['customer'],
    required: false,
  },
  designerInviteAccept: {
    category: 'projects',
    label: 'New offers',
    audience: ['customer'],
    required: false,
  },
  designerInviteRefuse: {
    category: 'projects',
    label: 'Invitations declined',
    audience: ['customer'],
    required: false,
  },
  designerAcceptedChanges: {
    category: 'projects',
    label: 'Changes priced',
    audience: ['customer'],
    required: false,
  },
  designerDeclinedChanges: {
    category: 'projects',
    label: 'Changes declined',
    audience: ['customer'],
    required: false,
  },
  leadTimeRequested: {
    category: 'projects',
    label: 'New lead time asked',
    audience: ['customer'],
    required: false,
  },
  designerStatusMoved: {
    category: 'projects',
    label: 'Project status moves',
    audience: ['customer', ...PROS],
    required: false,
  },
  chatMention: {
    category: 'projects',
    label: 'Mentions in a project chat',
    audience: EVERYONE,
    required: false,
  },
  designerInvite: {
    category: 'work',
    label: 'Invitations to projects',
    audience: PROS,
    required: false,
  },
  designerOfferApprove: {
    category: 'work',
    label: 'Offers accepted',
    audience: PROS,
    required: false,
  },
  designerOfferRefuse: {
    category: 'work',
    label: 'Offers declined',
    audience: PROS,
    required: false,
  },
  notChosenDesigners: {
    category: 'work',
    label: 'Projects given to someone else',
    audience: PROS,
    required: false,
  },
  userRequestedChanges: {
    category: 'work',
    label: 'Changes requested',
    audience: PROS,
    required: false,
  },
  userApprovedChanges: {
    category: 'work',
    label: 'Changes approved',
    audience: PROS,
    required: false,
  },
  userDeclinedChanges: {
    category: 'work',
    label: 'Priced changes declined',
    audience: PROS,
    required: false,
  },
  userChangesPaymentSubmitted: {
    category: 'work',
    label: 'Changes paid',
    audience: PROS,
    required: false,
  },
  leadTimeAnswered: {
    category: 'work',
    label: 'Lead time answers',
    audience: PROS,
    required: false,
  },
  ratingAndReview: {
    category: 'work',
    label: 'Ratings and reviews',
    audience: PROS,
    required: false,
  },
  designerStatusMovedErp: {
    category: 'production',
    label: 'Project status moves (team copy)',
    audience: ['staff'],
    required: false,
  },
  ratingAndReviewErp: {
    category: 'production',
    label: 'Ratings and reviews (team copy)',
    audience: ['staff'],
    required: false,
  },
};

export const NOTIFICATION_TYPES: readonly NotificationType[] = (
  Object.keys(NOTIFICATION_CATALOGUE) as NotificationEvent[]
).map((event) => ({ type: MAIL_EVENT_NAMES[event], ...NOTIFICATION_CATALOGUE[event] }));

const byType = new Map<string, NotificationType>(NOTIFICATION_TYPES.map((t) => [t.type, t]));

export function notificationType(type: string): NotificationType | undefined {
  return byType.get(type);
}

/**
 * Whether one mail goes out whatever the person chose: its type is transactional, an event outside the
 * catalogue (never silenced by mistake), or an order's confirmation or cancellation (money moved).
 */
export function mailAlwaysSent(type: string, data: Record<string, unknown> = {}): boolean {
  const entry = byType.get(type);
  if (!entry || entry.required) return true;
  // an order's stage whose mail is a purchase confirmation or a refund (the table's `alwaysMailed`)
  return type === MAIL_EVENT_NAMES.orderStage && readStage(data.stage)?.alwaysMailed === true;
}

/** The types a person of this role may set (their own mail only). */
export function notificationTypesFor(role: NotificationAudience): NotificationType[] {
  return NOTIFICATION_TYPES.filter((t) => t.audience.includes(role));
}

/** The socket event on a person's own channel when a notification of theirs is made. */
export const NOTIFICATION_EVENT = 'notification';

/** What the event carries: the new notification's id and the person's unread count after it. */
export interface NotificationEventPayload {
  id: string;
  title: string;
  link: string | null;
  unreadCount: number;
}

/** A page of the notification list. */
export const NOTIFICATION_PAGE_SIZE = 20;

/** The socket event on a person's own channel when they read notifications (their other tabs follow). */
export const NOTIFICATIONS_READ_EVENT = 'notifications-read';

export interface NotificationsReadPayload {
  unreadCount: number;
}
