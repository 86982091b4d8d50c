/** The one error type of the server: a code for machines, a message for people, an HTTP status. */
export class AppError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly status: number = 400,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

/** 429 with the seconds after which trying again makes sense (sent as Retry-After). */
export class TooManyAttempts extends AppError {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super('too_many_attempts', message, 429);
  }
}

export const notFound = (what = 'That') => new AppError('not_found', `${what} was not found.`, 404);
export const forbidden = (message = 'You are not allowed to do that.') =>
  new AppError('forbidden', message, 403);
export const unauthenticated = () => new AppError('unauthenticated', 'Please sign in to continue.', 401);

/** The payment gateway is away (no connection, a timeout, its own errors): the customer may try again. */
export const PAYMENTS_UNAVAILABLE_MESSAGE =
  'Payments are briefly unavailable; nothing was charged. Please try again in a minute.';
/** What a customer reads when the payment gateway refused a call (staff read the gateway's reason). */
export const GATEWAY_REFUSED_MESSAGE =
  'Our payment partner could not complete this; nothing changed. Please try again later or contact us.';

export const paymentsUnavailable = () =>
  new AppError('payments_unavailable', PAYMENTS_UNAVAILABLE_MESSAGE, 503);
/** 502: the gateway refused; staff read its reason, everyone else a plain text. */
export const gatewayRefused = (reason: string, forStaff: boolean) =>
  new AppError(
    'gateway_refused',
    forStaff ? `The payment gateway refused this: ${reason}` : GATEWAY_REFUSED_MESSAGE,
    502,
  );

/** A zod error as our 400: the first message on top, every field's message by its dotted path. */
export function validationError(
  issues: readonly { path: readonly PropertyKey[]; message: string }[],
): AppError {
  const fields: Record<string, string> = {};
  for (const issue of issues) {
    const key = issue.path.map(String).join('.') || '_';
    fields[key] ??= issue.message;
  }
  return new AppError('validation_failed', issues[0]?.message ?? 'Please check the form.', 400, fields);
}
