/**
 * The payments port (DESIGN.md §1): what the app asks of a payment gateway. Two implementations: the
 * sandbox gateway in this process (the embedded default) and Stripe (`STRIPE_*`). Every call that
 * creates money carries an idempotency key; the gateway answers a repeated key with the first result.
 */

export interface CheckoutRequest {
  amountCents: number;
  currency: string;
  description: string;
  /** Our payment's id: the gateway gives it back on every event about this checkout. */
  clientReference: string;
  successUrl: string;
  cancelUrl: string;
  idempotencyKey: string;
  /** Keep the card for later charges without the payer (membership renewals): the event names it. */
  savePaymentMethod?: boolean;
}

/** A charge of a saved card without the payer present (a renewal). */
export interface SavedChargeRequest {
  paymentMethodRef: string;
  amountCents: number;
  currency: string;
  description: string;
  clientReference: string;
  idempotencyKey: string;
}

export type SavedChargeResult =
  { ok: true; chargeRef: string; feeCents: number } | { ok: false; code: string; message: string };

/** A gateway event, in the app's words whatever the gateway (its id is the gateway's event id). */
export type GatewayEvent = { id: string; created: number } & (
  | {
      type: 'payment.succeeded';
      sessionId: string;
      clientReference: string;
      chargeRef: string;
      amountCents: number;
      feeCents: number;
      /** The saved card, when the checkout asked to keep it. */
      paymentMethodRef?: string | null;
    }
  | { type: 'payment.failed'; sessionId: string | null; clientReference: string | null; message: string }
  | { type: 'checkout.expired'; sessionId: string; clientReference: string }
  | { type: 'account.updated'; accountId: string; payoutsEnabled: boolean }
  | { type: 'ignored'; gatewayType: string }
);

export interface CompletedCheckout {
  sessionId: string;
  clientReference: string;
  chargeRef: string;
  amountCents: number;
  feeCents: number;
  /** The card the checkout kept (a membership's), named as the webhook's event names it. */
  paymentMethodRef: string | null;
  completedAt: Date;
}

/** The gateway refused the call (its reason is the message): trying again as is will not help. */
export class GatewayError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'GatewayError';
  }
}

/**
 * The gateway could not be reached or failed on its side (no connection, a timeout, its 5xx, its rate
 * limit): nothing was done there that a retry with the same idempotency key would do twice.
 */
export class GatewayUnavailable extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'GatewayUnavailable';
  }
}

/** Whether the gateway answers, as its last calls (and, while it is away, a light probe) found. */
export interface Reachability {
  up: boolean;
  /** Since when it has been away, when it is. */
  downSince: Date | null;
  /** What the last failed call said, while it is away. */
  lastError: string | null;
}

/** Refused webhook: a bad or missing signature, or a body that is not an event. */
export class WebhookRefused extends Error {}

export interface PaymentGateway {
  readonly name: 'sandbox' | 'stripe';
  /** The request header that carries the webhook signature. */
  readonly signatureHeader: string;
  createCheckout(request: CheckoutRequest): Promise<{ sessionId: string; url: string }>;
  /** Closes a checkout that will not be paid (a newer one replaced it); no-op when already closed. */
  expireCheckout(sessionId: string): Promise<void>;
  createPayoutAccount(request: { email: string; idempotencyKey: string }): Promise<{ accountId: string }>;
  onboardingLink(request: {
    accountId: string;
    returnUrl: string;
    refreshUrl: string;
  }): Promise<{ url: string }>;
  payoutAccount(accountId: string): Promise<{ payoutsEnabled: boolean }>;
  transfer(request: {
    accountId: string;
    amountCents: number;
    currency: string;
    description: string;
    idempotencyKey: string;
  }): Promise<{ transferRef: string }>;
  refund(request: {
    chargeRef: string;
    amountCents: number;
    idempotencyKey: string;
  }): Promise<{ refundRef: string }>;
  /** Charges a card kept by an earlier checkout; a decline is an answer, not a throw. */
  chargeSaved(request: SavedChargeRequest): Promise<SavedChargeResult>;
  /** Verifies the signature and reads the event; throws WebhookRefused otherwise. */
  parseWebhook(rawBody: string, signature: string | undefined): Promise<GatewayEvent>;
  /** Checkouts paid since a moment (the reconciliation compares them with the ledger). */
  completedCheckouts(since: Date): Promise<CompletedCheckout[]>;
  /** Whether the gateway answers (for /api/health): never a call per question. */
  reachability(): Promise<Reachability>;
  /**
   * One checkout, asked of the gateway now: its charge once it is paid, null while it is not (open,
   * expired, or unknown to the gateway). The payments still pending are settled with it.
   */
  paidCheckout(sessionId: string): Promise<CompletedCheckout | null>;
}
