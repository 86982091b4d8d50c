import { formatMoney } from '@facet/domain/format';
import { escapeHtml } from '../html';
import { htmlPage } from './html-page';
import type { AccountRow, SessionRow } from './sandbox-gateway';

/** The sandbox gateway's hosted pages: checkout, the confirmation step, payout onboarding. */

const testCards = `<div class="hint"><strong>Test cards</strong><br>
<code>4242 4242 4242 4242</code> succeeds · <code>4000 0000 0000 0002</code> is declined ·
<code>4000 0000 0000 9995</code> has insufficient funds · <code>4000 0025 0000 3155</code> asks for a confirmation ·
<code>4000 0000 0000 0341</code> pays now and declines later charges (renewals).
Any future expiry, any 3-digit CVC.</div>`;

export function checkoutPage(session: SessionRow, error?: string) {
  const path = `/sandbox/checkout/${encodeURIComponent(session.id)}`;
  const closed =
    session.status === 'complete'
      ? `<div class="ok">This payment is complete.</div><a class="cancel" href="${escapeHtml(session.successUrl)}">Back to Facet</a>`
      : session.status === 'expired'
        ? `<div class="error">This checkout has expired.</div><a class="cancel" href="${escapeHtml(session.cancelUrl)}">Back to Facet</a>`
        : null;
  const shownError = error ?? session.lastError;
  const form = `<form method="post" action="${path}/pay" novalidate>
<label for="cardNumber">Card number</label>
<input id="cardNumber" name="cardNumber" inputmode="numeric" autocomplete="cc-number" placeholder="1234 1234 1234 1234" maxlength="23" required>
<div class="row"><div><label for="expMonth">Expiry month</label><input id="expMonth" name="expMonth" inputmode="numeric" placeholder="MM" maxlength="2" required></div>
<div><label for="expYear">Expiry year</label><input id="expYear" name="expYear" inputmode="numeric" placeholder="YY" maxlength="4" required></div>
<div><label for="cvc">CVC</label><input id="cvc" name="cvc" inputmode="numeric" autocomplete="cc-csc" placeholder="123" maxlength="4" required></div></div>
${shownError ? `<div class="error" role="alert">${escapeHtml(shownError)}</div>` : ''}
<button type="submit">Pay ${escapeHtml(formatMoney(session.amountCents))}</button>
</form>
<a class="cancel" href="${escapeHtml(session.cancelUrl)}">Cancel and return to Facet</a>${testCards}`;
  return htmlPage(
    'Checkout',
    `<div class="card"><div class="muted">Pay Facet</div><h1>${escapeHtml(session.description)}</h1>
<div class="amount">${escapeHtml(formatMoney(session.amountCents))}</div>
<div class="muted">Held in escrow by Facet until the work is approved.</div>${closed ?? form}</div>`,
  );
}

export function confirmPage(session: SessionRow) {
  const path = `/sandbox/checkout/${encodeURIComponent(session.id)}/confirm`;
  return htmlPage(
    'Confirm your payment',
    `<div class="card"><h1>Confirm your payment</h1>
<p class="muted">Your bank asks you to confirm a payment of <strong>${escapeHtml(formatMoney(session.amountCents))}</strong> to Facet.</p>
<form method="post" action="${path}"><input type="hidden" name="outcome" value="complete"><button type="submit">Complete authentication</button></form>
<form method="post" action="${path}"><input type="hidden" name="outcome" value="fail"><button class="secondary" type="submit">Fail authentication</button></form>
</div>`,
  );
}

export function connectPage(account: AccountRow, returnUrl: string) {
  const path = `/sandbox/connect/${encodeURIComponent(account.id)}?${new URLSearchParams({ return: returnUrl })}`;
  const body = account.payoutsEnabled
    ? `<div class="ok">Payouts are on for this account.</div><a class="cancel" href="${escapeHtml(returnUrl)}">Back to Facet</a>`
    : `<form method="post" action="${escapeHtml(path)}">
<label for="holder">Account holder</label><input id="holder" name="holder" value="${escapeHtml(account.email)}">
<div class="row"><div><label for="routing">Routing number</label><input id="routing" name="routing" value="110000000"></div>
<div><label for="account">Account number</label><input id="account" name="account" value="000123456789"></div></div>
<button type="submit">Agree and turn on payouts</button></form>
<a class="cancel" href="${escapeHtml(returnUrl)}">Not now, return to Facet</a>`;
  return htmlPage(
    'Set up payouts',
    `<div class="card"><div class="muted">Payout account ${escapeHtml(account.id)}</div><h1>Set up payouts</h1>
<p class="muted">Facet sends your earnings to this bank account when a project completes.</p>${body}</div>`,
  );
}

export function notFoundPage(what: string) {
  return htmlPage(
    'Not found',
    `<div class="card"><h1>Not found</h1><p class="muted">${escapeHtml(what)}</p></div>`,
  );
}
