import Stripe from 'stripe';
import {
  GatewayError,
  WebhookRefused,
  type CheckoutRequest,
  type CompletedCheckout,
  type PaymentGateway,
  type SavedChargeRequest,
  type SavedChargeResult,
} from './gateway';
import { classifyStripeError, guardGateway } from './gateway-errors';
import { readStripeEvent } from './stripe-events';

export interface StripeConfig {
  secretKey: string;
  webhookSecret: string;
  /** The connected-accounts endpoint's signing secret, tried after the account endpoint's. */
  connectWebhookSecret?: string;
  /** Another API host (a local test server); Stripe's own otherwise. */
  apiUrl?: string;
  /** How long one request may take before it counts as Stripe unreachable (the SDK's own is 80 s). */
  timeoutMs?: number;
}

const REQUEST_TIMEOUT_MS = 20_000;
/** The health probe's request: short, not retried. */
const PROBE_TIMEOUT_MS = 1_500;

/** The SDK's client, on Stripe's own host or the configured one. */
function stripeClient(config: StripeConfig) {
  const target = config.apiUrl ? new URL(config.apiUrl) : null;
  const stripe = new Stripe(config.secretKey, {
    maxNetworkRetries: 2,
    timeout: config.timeoutMs ?? REQUEST_TIMEOUT_MS,
    ...(target
      ? {
          host: target.hostname,
          port: Number(target.port || (target.protocol === 'https:' ? 443 : 80)),
          protocol: target.protocol === 'https:' ? 'https' : 'http',
        }
      : {}),
  });
  return stripe;
}

/** Stripe refused the request itself (not a network failure): our GatewayError. */
async function refusedAs<T>(code: string, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (
      error instanceof Stripe.errors.StripeInvalidRequestError ||
      error instanceof Stripe.errors.StripeCardError
    ) {
      throw new GatewayError(error.code ?? code, error.message);
    }
    throw error;
  }
}

/** The processor's fee of a payment intent's charge (from its balance transaction). */
async function feeOf(stripe: Stripe, paymentIntentId: string) {
  const intent = await stripe.paymentIntents.retrieve(paymentIntentId, {
    expand: ['latest_charge.balance_transaction'],
  } satisfies Stripe.PaymentIntentRetrieveParams);
  const charge = intent.latest_charge;
  const balance = charge && typeof charge === 'object' ? charge.balance_transaction : null;
  return balance && typeof balance === 'object' ? balance.fee : 0;
}

async function createCheckout(stripe: Stripe, request: CheckoutRequest) {
  const session = await stripe.checkout.sessions.create(
    {
      mode: 'payment',
      client_reference_id: request.clientReference,
      success_url: request.successUrl,
      cancel_url: request.cancelUrl,
      line_items: [
        {
          quantity: 1,
          price_data: {
            currency: request.currency,
            unit_amount: request.amountCents,
            product_data: { name: request.description },
          },
        },
      ],
      metadata: { paymentId: request.clientReference },
      payment_intent_data: {
        metadata: { paymentId: request.clientReference },
        // transfers to the pro later name the same group
        transfer_group: request.clientReference,
        // a membership keeps the card for its renewals (charged off session); undefined is not sent
        setup_future_usage: request.savePaymentMethod ? 'off_session' : undefined,
      },
      customer_creation: request.savePaymentMethod ? 'always' : undefined,
    } satisfies Stripe.Checkout.SessionCreateParams,
    { idempotencyKey: request.idempotencyKey },
  );
  if (!session.url) throw new GatewayError('no_checkout_url', 'Stripe returned no checkout page.');
  return { sessionId: session.id, url: session.url };
}

/**
 * Charges the card a checkout kept (`customer/payment_intent` of that checkout) off session. A card
 * error is a declined renewal, answered; anything else throws (the job retries).
 */
async function chargeSaved(stripe: Stripe, request: SavedChargeRequest): Promise<SavedChargeResult> {
  const [customer, firstIntent] = request.paymentMethodRef.split('/');
  if (!customer || !firstIntent) {
    return { ok: false, code: 'no_payment_method', message: 'No saved card was found.' };
  }
  try {
    const first = await stripe.paymentIntents.retrieve(firstIntent);
    const method = typeof first.payment_method === 'string' ? first.payment_method : first.payment_method?.id;
    if (!method) return { ok: false, code: 'no_payment_method', message: 'No saved card was found.' };
    const intent = await stripe.paymentIntents.create(
      {
        amount: request.amountCents,
        currency: request.currency,
        customer,
        payment_method: method,
        off_session: true,
        confirm: true,
        description: request.description,
        metadata: { paymentId: request.clientReference },
      } satisfies Stripe.PaymentIntentCreateParams,
      { idempotencyKey: request.idempotencyKey },
    );
    if (intent.status !== 'succeeded') {
      return { ok: false, code: 'payment_incomplete', message: 'The payment needs the card holder.' };
    }
    return { ok: true, chargeRef: intent.id, feeCents: await feeOf(stripe, intent.id) };
  } catch (error) {
    if (error instanceof Stripe.errors.StripeCardError) {
      return { ok: false, code: error.code ?? 'card_declined', message: error.message };
    }
    throw error;
  }
}

/** Verifies and reads a webhook; a paid checkout's fee is asked of its balance transaction. */
async function parseWebhook(
  stripe: Stripe,
  webhookSecrets: readonly string[],
  rawBody: string,
  signature: string | undefined,
) {
  // each Stripe endpoint signs with its own secret: the account's events, and (when configured) the
  // connected accounts' (`account.updated` of a pro's account); the first that verifies reads the event
  let event: Stripe.Event | undefined;
  let refusal = '';
  for (const secret of webhookSecrets) {
    try {
      event = stripe.webhooks.constructEvent(rawBody, signature ?? '', secret);
      break;
    } catch (error) {
      refusal ||= error instanceof Error ? error.message : String(error);
    }
  }
  if (!event) throw new WebhookRefused(refusal);
  const read = readStripeEvent(event);
  if (read.type === 'payment.succeeded' && read.chargeRef) {
    return { ...read, feeCents: await feeOf(stripe, read.chargeRef) };
  }
  return read;
}

/** A paid session as the port tells it; null unless it is complete, paid and ours (a reference and a charge). */
async function completedOf(
  stripe: Stripe,
  session: Stripe.Checkout.Session,
): Promise<CompletedCheckout | null> {
  if (session.status !== 'complete' || session.payment_status !== 'paid' || !session.client_reference_id)
    return null;
  const intent =
    typeof session.payment_intent === 'string' ? session.payment_intent : session.payment_intent?.id;
  if (!intent) return null;
  const customer = typeof session.customer === 'string' ? session.customer : session.customer?.id;
  return {
    sessionId: session.id,
    clientReference: session.client_reference_id,
    chargeRef: intent,
    amountCents: session.amount_total ?? 0,
    feeCents: await feeOf(stripe, intent),
    // as the webhook names the card a checkout kept (readStripeEvent): the customer and the first intent
    paymentMethodRef: customer ? `${customer}/${intent}` : null,
    completedAt: new Date(session.created * 1000),
  };
}

async function completedCheckouts(stripe: Stripe, since: Date) {
  const found: CompletedCheckout[] = [];
  for await (const session of stripe.checkout.sessions.list({
    created: { gte: Math.floor(since.getTime() / 1000) },
    status: 'complete',
    limit: 100,
  } satisfies Stripe.Checkout.SessionListParams)) {
    const paid = await completedOf(stripe, session);
    if (paid) found.push(paid);
  }
  return found;
}

/**
 * One session asked of Stripe now. One it does not know (`resource_missing`: another account, deleted) is
 * not paid; any other failure (Stripe away, refusing every call) is thrown, so the settling runs again.
 */
async function paidCheckout(stripe: Stripe, sessionId: string) {
  let session: Stripe.Checkout.Session;
  try {
    session = await stripe.checkout.sessions.retrieve(sessionId);
  } catch (error) {
    if (error instanceof Stripe.errors.StripeInvalidRequestError && error.code === 'resource_missing')
      return null;
    throw error;
  }
  return completedOf(stripe, session);
}

/**
 * The payments port on Stripe (production twin), through the official SDK: Checkout Sessions in payment
 * mode, Connect Express accounts with account links, Transfers, Refunds; webhooks verified with
 * `stripe.webhooks.constructEvent`. Every call that creates money sends our idempotency key.
 */
export function createStripeGateway(config: StripeConfig): PaymentGateway {
  const stripe = stripeClient(config);

  const adapter: Omit<PaymentGateway, 'reachability'> = {
    name: 'stripe',
    signatureHeader: 'stripe-signature',

    createCheckout: (request) => createCheckout(stripe, request),

    async expireCheckout(sessionId) {
      try {
        await stripe.checkout.sessions.expire(sessionId);
      } catch (error) {
        // already complete or expired: nothing to close
        if (!(error instanceof Stripe.errors.StripeInvalidRequestError)) throw error;
      }
    },

    async createPayoutAccount(request) {
      const account = await stripe.accounts.create(
        {
          type: 'express',
          email: request.email,
          capabilities: { transfers: { requested: true } },
        } satisfies Stripe.AccountCreateParams,
        { idempotencyKey: request.idempotencyKey },
      );
      return { accountId: account.id };
    },

    async onboardingLink(request) {
      const link = await stripe.accountLinks.create({
        account: request.accountId,
        return_url: request.returnUrl,
        refresh_url: request.refreshUrl,
        type: 'account_onboarding',
      } satisfies Stripe.AccountLinkCreateParams);
      return { url: link.url };
    },

    async payoutAccount(accountId) {
      const account = await stripe.accounts.retrieve(accountId);
      return { payoutsEnabled: Boolean(account.payouts_enabled) };
    },

    async transfer(request) {
      const transfer = await refusedAs('transfer_refused', () =>
        stripe.transfers.create(
          {
            amount: request.amountCents,
            currency: request.currency,
            destination: request.accountId,
            description: request.description,
          } satisfies Stripe.TransferCreateParams,
          { idempotencyKey: request.idempotencyKey },
        ),
      );
      return { transferRef: transfer.id };
    },

    async refund(request) {
      const refund = await refusedAs('refund_refused', () =>
        stripe.refunds.create(
          {
            payment_intent: request.chargeRef,
            amount: request.amountCents,
          } satisfies Stripe.RefundCreateParams,
          { idempotencyKey: request.idempotencyKey },
        ),
      );
      return { refundRef: refund.id };
    },

    chargeSaved: (request) => chargeSaved(stripe, request),

    parseWebhook: (rawBody, signature) =>
      parseWebhook(
        stripe,
        [config.webhookSecret, ...(config.connectWebhookSecret ? [config.connectWebhookSecret] : [])],
        rawBody,
        signature,
      ),

    completedCheckouts: (since) => completedCheckouts(stripe, since),

    paidCheckout: (sessionId) => paidCheckout(stripe, sessionId),
  };
  // Stripe's failures classified in one place; while it is away, the balance is asked now and then
  return guardGateway(adapter, {
    classify: classifyStripeError,
    probe: () => stripe.balance.retrieve({}, { timeout: PROBE_TIMEOUT_MS, maxNetworkRetries: 0 }),
  });
}
