import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A small local server speaking the Stripe API endpoints our adapter uses (Stripe's own mock cannot be
 * installed here): Checkout Sessions, Connect accounts and account links, transfers, refunds, payment
 * intents with their fee. It answers a repeated Idempotency-Key with the first answer, as Stripe does,
 * and records every request for the test to read.
 */

export interface StripeCall {
  method: string;
  path: string;
  form: Record<string, string>;
  idempotencyKey: string | null;
}

const id = (prefix: string) => `${prefix}_${randomBytes(8).toString('hex')}`;

async function body(req: IncomingMessage) {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString('utf8')));
}

export async function startStripeServer() {
  const calls: StripeCall[] = [];
  const byKey = new Map<string, unknown>();
  const sessions = new Map<string, Record<string, unknown>>();
  const accounts = new Map<string, Record<string, unknown>>();
  /** Payment intents made off session (renewals), and the customers whose saved card declines. */
  const intents = new Map<string, Record<string, unknown>>();
  const decliningCustomers = new Set<string>();

  function handle(method: string, path: string, form: Record<string, string>, query: URLSearchParams) {
    let m: RegExpMatchArray | null;
    if (method === 'POST' && path === '/v1/checkout/sessions') {
      const session = {
        id: id('cs_test'),
        object: 'checkout.session',
        mode: form.mode,
        status: 'open',
        payment_status: 'unpaid',
        client_reference_id: form.client_reference_id,
        amount_total: Number(form['line_items[0][price_data][unit_amount]']),
        currency: form['line_items[0][price_data][currency]'],
        success_url: form.success_url,
        cancel_url: form.cancel_url,
        payment_intent: null as string | null,
        customer: null as string | null,
        customer_creation: form.customer_creation ?? null,
        setup_future_usage: form['payment_intent_data[setup_future_usage]'] ?? null,
        created: Math.floor(Date.now() / 1000),
        url: '',
      };
      session.url = `https://checkout.stripe.test/c/pay/${session.id}`;
      sessions.set(session.id, session);
      return [200, session] as const;
    }
    if (method === 'POST' && (m = path.match(/^\/v1\/checkout\/sessions\/([^/]+)\/expire$/))) {
      const session = sessions.get(m[1]!);
      if (!session || session.status !== 'open') return [400, invalid('This session is not open.')] as const;
      session.status = 'expired';
      return [200, session] as const;
    }
    if (method === 'GET' && (m = path.match(/^\/v1\/checkout\/sessions\/([^/]+)$/))) {
      const session = sessions.get(m[1]!);
      return session
        ? ([200, session] as const)
        : ([404, invalid(`No such checkout.session: '${m[1]}'`, 'resource_missing')] as const);
    }
    if (method === 'GET' && path === '/v1/checkout/sessions') {
      const gte = Number(query.get('created[gte]') ?? 0);
      const status = query.get('status');
      const data = [...sessions.values()].filter(
        (s) => Number(s.created) >= gte && (!status || s.status === status),
      );
      return [200, { object: 'list', url: '/v1/checkout/sessions', has_more: false, data }] as const;
    }
    if (method === 'POST' && path === '/v1/payment_intents') {
      if (form.off_session !== 'true' || form.confirm !== 'true' || !form.customer || !form.payment_method) {
        return [
          400,
          invalid('Only confirmed off-session payments of a saved card are spoken here.'),
        ] as const;
      }
      // a saved card is the customer's own (pm_<customer>, as the payment intents below name it)
      if (form.payment_method !== `pm_${form.customer}`) {
        return [
          400,
          invalid('The payment method does not belong to this customer.', 'resource_missing'),
        ] as const;
      }
      if (decliningCustomers.has(form.customer)) {
        return [
          402,
          { error: { type: 'card_error', code: 'card_declined', message: 'Your card was declined.' } },
        ] as const;
      }
      const intent = {
        id: id('pi_test'),
        object: 'payment_intent',
        status: 'succeeded',
        amount: Number(form.amount),
        customer: form.customer,
        payment_method: form.payment_method,
        metadata: { paymentId: form['metadata[paymentId]'] },
      };
      intents.set(intent.id, intent);
      return [200, intent] as const;
    }
    if (method === 'GET' && (m = path.match(/^\/v1\/payment_intents\/([^/]+)$/))) {
      const session = [...sessions.values()].find((s) => s.payment_intent === m![1]);
      const amount = Number(session?.amount_total ?? intents.get(m[1]!)?.amount ?? 0);
      return [
        200,
        {
          id: m[1],
          object: 'payment_intent',
          amount,
          payment_method: session?.customer ? `pm_${String(session.customer)}` : null,
          latest_charge: {
            id: id('ch_test'),
            object: 'charge',
            balance_transaction: {
              id: id('txn_test'),
              object: 'balance_transaction',
              fee: Math.round(amount * 0.029) + 30,
            },
          },
        },
      ] as const;
    }
    if (method === 'POST' && path === '/v1/accounts') {
      const account = {
        id: id('acct_test'),
        object: 'account',
        type: form.type,
        email: form.email,
        payouts_enabled: false,
      };
      accounts.set(account.id, account);
      return [200, account] as const;
    }
    if (method === 'GET' && (m = path.match(/^\/v1\/accounts\/([^/]+)$/))) {
      const account = accounts.get(m[1]!);
      return account ? ([200, account] as const) : ([404, invalid('No such account.')] as const);
    }
    if (method === 'POST' && path === '/v1/account_links') {
      if (!accounts.has(form.account ?? '')) {
        return [400, invalid(`No such account: '${form.account}'`, 'resource_missing')] as const;
      }
      return [
        200,
        { object: 'account_link', url: `https://connect.stripe.test/setup/${form.account}` },
      ] as const;
    }
    if (method === 'POST' && path === '/v1/transfers') {
      const account = accounts.get(form.destination ?? '');
      if (!account?.payouts_enabled)
        return [400, invalid('The destination account cannot receive transfers.')] as const;
      return [
        200,
        { id: id('tr_test'), object: 'transfer', amount: Number(form.amount), destination: form.destination },
      ] as const;
    }
    if (method === 'POST' && path === '/v1/refunds') {
      const paid = paidIntents().get(form.payment_intent ?? '');
      if (paid === undefined) {
        return [
          400,
          invalid(`No such payment_intent: '${form.payment_intent}'`, 'resource_missing'),
        ] as const;
      }
      if (Number(form.amount ?? paid) > paid) {
        return [400, invalid('The refund is more than the payment.', 'amount_too_large')] as const;
      }
      return [
        200,
        {
          id: id('re_test'),
          object: 'refund',
          amount: Number(form.amount),
          payment_intent: form.payment_intent,
          status: 'succeeded',
        },
      ] as const;
    }
    return [404, invalid(`Unrecognized request URL (${method}: ${path}).`)] as const;
  }

  const invalid = (message: string, code?: string) => ({
    error: { type: 'invalid_request_error', message, ...(code ? { code } : {}) },
  });

  /** The payment intents that took money (a paid checkout's, an off-session charge's): their amounts. */
  const paidIntents = () =>
    new Map<string, number>([
      ...[...sessions.values()]
        .filter((s) => typeof s.payment_intent === 'string')
        .map((s) => [String(s.payment_intent), Number(s.amount_total)] as const),
      ...[...intents.values()].map((i) => [String(i.id), Number(i.amount)] as const),
    ]);

  const server: Server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://localhost');
      const form = req.method === 'POST' ? await body(req) : {};
      const key = (req.headers['idempotency-key'] as string | undefined) ?? null;
      calls.push({ method: req.method ?? '', path: url.pathname, form, idempotencyKey: key });
      let answer: readonly [number, unknown];
      if (key && byKey.has(key)) answer = byKey.get(key) as readonly [number, unknown];
      else {
        answer = handle(req.method ?? '', url.pathname, form, url.searchParams);
        if (key) byKey.set(key, answer);
      }
      res.writeHead(answer[0], { 'content-type': 'application/json', 'request-id': id('req') });
      res.end(JSON.stringify(answer[1]));
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    calls,
    sessions,
    accounts,
    intents,
    /** Later off-session charges of this customer's saved card are declined. */
    declineLaterCharges: (customer: string) => decliningCustomers.add(customer),
    /** What Stripe does when the customer pays on its page (a customer is made when the session asked). */
    complete(sessionId: string) {
      const session = sessions.get(sessionId)!;
      Object.assign(session, {
        status: 'complete',
        payment_status: 'paid',
        payment_intent: id('pi_test'),
        customer: session.customer_creation === 'always' ? id('cus_test') : null,
      });
      return session;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
