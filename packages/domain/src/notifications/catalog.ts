/**
 * The notification centre's catalogue (issue 15): every mail event is also an in-app notification, and each
 * event type has a mail preference. Transactional mail (account, security, money, legal) always goes out;
 * its preference is shown but cannot be turned off.
 */

export type NotificationAudience = 'customer' | 'designer' | 'service' | 'staff';

export type NotificationCategory = 'account' | 'payments' | 'orders' | 'projects' | 'work' | 'production';

export interface NotificationType {
  /** The mail event's name (the spec's event names, section 7). */
  type: string;
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

export const NOTIFICATION_TYPES: readonly NotificationType[] = [
  {
    type: 'new-customer',
    category: 'account',
    label: 'Welcome to Facet',
    audience: ['customer'],
    required: true,
  },
  {
    type: 'new-professional',
    category: 'account',
    label: 'Application received',
    audience: PROS,
    required: true,
  },
  {
    type: 'account-status',
    category: 'account',
    label: 'Account status changes',
    audience: EVERYONE,
    required: true,
  },
  {
    type: 'password-reset',
    category: 'account',
    label: 'Password reset',
    audience: EVERYONE,
    required: true,
  },
  {
    type: 'email-verification',
    category: 'account',
    label: 'E-mail verification',
    audience: EVERYONE,
    required: true,
  },
  {
    type: 'payment-receipt',
    category: 'payments',
    label: 'Payment receipts',
    audience: ['customer'],
    required: true,
  },
  {
    type: 'membership-renewal-failed',
    category: 'payments',
    label: 'Membership renewal problems',
    audience: ['customer'],
    required: true,
  },
  {
    type: 'membership-ended',
    category: 'payments',
    label: 'Membership ended',
    audience: ['customer'],
    required: true,
  },
  {
    type: 'order-stage',
    category: 'orders',
    label: 'Order progress through production',
    audience: ['customer'],
    required: false,
  },
  {
    type: 'order-shipped',
    category: 'orders',
    label: 'Order shipped',
    audience: ['customer'],
    required: false,
  },
  {
    type: 'project-creation',
    category: 'projects',
    label: 'Project created',
    audience: ['customer'],
    required: false,
  },
  {
    type: 'designer-invite-accept',
    category: 'projects',
    label: 'New offers',
    audience: ['customer'],
    required: false,
  },
  {
    type: 'designer-invite-refuse',
    category: 'projects',
    label: 'Invitations declined',
    audience: ['customer'],
    required: false,
  },
  {
    type: 'designer-accepted-changes',
    category: 'projects',
    label: 'Changes priced',
    audience: ['customer'],
    required: false,
  },
  {
    type: 'designer-declined-changes',
    category: 'projects',
    label: 'Changes declined',
    audience: ['customer'],
    required: false,
  },
  {
    type: 'lead-time-requested',
    category: 'projects',
    label: 'New lead time asked',
    audience: ['customer'],
    required: false,
  },
  {
    type: 'designer-status-moved',
    category: 'projects',
    label: 'Project status moves',
    audience: ['customer', ...PROS],
    required: false,
  },
  {
    type: 'chat-mention',
    category: 'projects',
    label: 'Mentions in a project chat',
    audience: EVERYONE,
    required: false,
  },
  {
    type: 'designer-invite',
    category: 'work',
    label: 'Invitations to projects',
    audience: PROS,
    required: false,
  },
  {
    type: 'designer-offer-approve',
    category: 'work',
    label: 'Offers accepted',
    audience: PROS,
    required: false,
  },
  {
    type: 'designer-offer-refuse',
    category: 'work',
    label: 'Offers declined',
    audience: PROS,
    required: false,
  },
  {
    type: 'not-chosen-designers',
    category: 'work',
    label: 'Projects given to someone else',
    audience: PROS,
    required: false,
  },
  {
    type: 'user-requested-changes',
    category: 'work',
    label: 'Changes requested',
    audience: PROS,
    required: false,
  },
  {
    type: 'user-approved-changes',
    category: 'work',
    label: 'Changes approved',
    audience: PROS,
    required: false,
  },
  {
    type: 'user-declined-changes',
    category: 'work',
    label: 'Priced changes declined',
    audience: PROS,
    required: false,
  },
  {
    type: 'user-changes-payment-submitted',
    category: 'work',
    label: 'Changes paid',
    audience: PROS,
    required: false,
  },
  {
    type: 'lead-time-answered',
    category: 'work',
    label: 'Lead time answers',
    audience: PROS,
    required: false,
  },
  {
    type: 'rating-and-review',
    category: 'work',
    label: 'Ratings and reviews',
    audience: PROS,
    required: false,
  },
  {
    type: 'designer-status-moved-erp',
    category: 'production',
    label: 'Project status moves (team copy)',
    audience: ['staff'],
    required: false,
  },
  {
    type: 'rating-and-review-erp',
    category: 'production',
    label: 'Ratings and reviews (team copy)',
    audience: ['staff'],
    required: false,
  },
];

const byType = new Map(NOTIFICATION_TYPES.map((t) => [t.type, t]));

export function notificationType(type: string): NotificationType | undefined {
  return byType.get(type);
}

/** Order stages whose mail is a purchase confirmation (received) or a refund (cancelled): always sent. */
const ORDER_MONEY_STAGES = new Set([0, 7]);

/**
 * Whether one mail goes out whatever the person chose: its type is transactional, an event outside the
 * catalogue (never silenced by mistake), or an order's confirmation or cancellation (money moved).
 */
export function mailAlwaysSent(type: string, data: Record<string, unknown> = {}): boolean {
  const entry = byType.get(type);
  if (!entry || entry.required) return true;
  return type === 'order-stage' && typeof data.stage === 'number' && ORDER_MONEY_STAGES.has(data.stage);
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
