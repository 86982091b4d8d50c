import Stripe from 'stripe';
import { GatewayError, GatewayUnavailable, type PaymentGateway, type Reachability } from './gateway';

/**
 * The one place where a payment gateway's failures get their meaning (decision 059): a gateway that
 * cannot be reached or fails on its side is `GatewayUnavailable` (503 payments_unavailable, try again);
 * one that refuses the call is `GatewayError` (502 gateway_refused, its reason for staff). Anything else
 * (our own mistakes) is left as it is. The guard also keeps the gateway's reachability for /api/health.
 */

/** What a gateway's thrown value means: unavailable, refused, or null (not the gateway's: left alone). */
export type Classify = (error: unknown) => GatewayUnavailable | GatewayError | null;

/**
 * Stripe's errors (the SDK's classes): no connection or a timeout, Stripe's own 5xx (or an answer that
 * is not Stripe's JSON, as a proxy's error page) and its rate limit are unavailable; a refusal (an invalid
 * request, an unknown endpoint's 404, a bad key, a missing permission, a card error) is refused.
 */
export const classifyStripeError: Classify = (error) => {
  if (error instanceof GatewayError || error instanceof GatewayUnavailable) return error;
  if (!(error instanceof Stripe.errors.StripeError)) return null;
  const status = error.statusCode;
  if (
    error instanceof Stripe.errors.StripeConnectionError ||
    error instanceof Stripe.errors.StripeRateLimitError ||
    (error instanceof Stripe.errors.StripeAPIError && (status === undefined || status >= 500)) ||
    (status !== undefined && status >= 500)
  ) {
    return new GatewayUnavailable(error.message, { cause: error });
  }
  return new GatewayError(error.code ?? error.type, error.message);
};

const UP: Reachability = { up: true, downSince: null, lastError: null };

export interface GuardOptions {
  classify: Classify;
  /** A light call asking whether the gateway answers again (any answer counts), made only while it is away. */
  probe?: () => Promise<unknown>;
  /** The least time between two probes. */
  probeEveryMs?: number;
}

/**
 * The gateway with every call's failure classified, and its reachability kept from the calls' outcomes:
 * away after a call found it unavailable, back after any answer. While it is away, `reachability()` asks
 * the probe at most once per `probeEveryMs`, so health never calls the gateway per request.
 */
export function guardGateway(
  inner: Omit<PaymentGateway, 'reachability'>,
  options: GuardOptions,
): PaymentGateway {
  const { classify, probe, probeEveryMs = 5_000 } = options;
  let state: Reachability = UP;
  let probedAt = 0;
  let probing: Promise<void> | null = null;

  const answered = () => {
    state = UP;
  };
  /** Notes what a failure says of the gateway, and gives the classified error to throw. */
  const failed = (error: unknown) => {
    const meant = classify(error);
    if (meant instanceof GatewayUnavailable) {
      state = { up: false, downSince: state.downSince ?? new Date(), lastError: meant.message };
    } else if (meant) {
      // a refusal is an answer: the gateway is there
      answered();
    }
    return meant ?? error;
  };

  /** One call through the guard; `proves` whether its success shows the gateway answers. */
  const guard =
    <A extends unknown[], R>(call: (...args: A) => Promise<R>, proves = true) =>
    async (...args: A): Promise<R> => {
      let result: R;
      try {
        result = await call(...args);
      } catch (error) {
        throw failed(error);
      }
      if (proves) answered();
      return result;
    };

  async function reachability(): Promise<Reachability> {
    if (!state.up && probe && Date.now() - probedAt >= probeEveryMs) {
      probedAt = Date.now();
      probing ??= probe()
        .then(answered, (error: unknown) => void failed(error))
        .finally(() => {
          probing = null;
        });
      await probing;
    }
    return state;
  }

  return {
    name: inner.name,
    signatureHeader: inner.signatureHeader,
    createCheckout: guard(inner.createCheckout.bind(inner)),
    expireCheckout: guard(inner.expireCheckout.bind(inner)),
    createPayoutAccount: guard(inner.createPayoutAccount.bind(inner)),
    onboardingLink: guard(inner.onboardingLink.bind(inner)),
    payoutAccount: guard(inner.payoutAccount.bind(inner)),
    transfer: guard(inner.transfer.bind(inner)),
    refund: guard(inner.refund.bind(inner)),
    chargeSaved: guard(inner.chargeSaved.bind(inner)),
    // an event read without asking the gateway proves nothing of reaching it
    parseWebhook: guard(inner.parseWebhook.bind(inner), false),
    completedCheckouts: guard(inner.completedCheckouts.bind(inner)),
    paidCheckout: guard(inner.paidCheckout.bind(inner)),
    reachability,
  };
}
