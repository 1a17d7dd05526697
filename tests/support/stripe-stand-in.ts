// A local stand-in for the parts of Stripe's API the app calls (docs/payments.md, "Tests"):
// Checkout Sessions (create, retrieve with the charge expanded, expire), refunds and balance
// transactions, plus a hosted "checkout page" whose Pay button completes the session, posts the
// signed checkout.session.completed event to the app's webhook and sends the browser back to
// the success URL. Payouts (GET /v1/payouts, GET /v1/balance_transactions?payout=) bundle the
// balance transactions not yet paid out, as Stripe's automatic payouts do. Events are signed with the SDK's own generateTestHeaderString, never by hand.
// The SDK reaches it through STRIPE_API_URL.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

export const TEST_SECRET_KEY = 'sk_test_standin0000000000000000';
export const TEST_WEBHOOK_SECRET = 'whsec_standin0000000000000000000';

type Json = Record<string, unknown>;

export interface StandInSession {
  id: string;
  object: 'checkout.session';
  url: string;
  mode: string;
  currency: string;
  locale: string;
  amount_total: number;
  metadata: Record<string, string>;
  client_reference_id: string;
  customer_email: string | null;
  payment_status: 'unpaid' | 'paid';
  status: 'open' | 'complete' | 'expired';
  expires_at: number;
  success_url: string;
  cancel_url: string;
  payment_intent: string | null;
  description: string;
  /** The session's lines as asked (Stripe's line_items, expanded): the amount due, then any surcharge. */
  line_items: { object: 'list'; data: { description: string; quantity: number; amount_total: number }[] };
}

/** Stripe's form encoding (a[b][0]=c) read back into objects and arrays. */
function parseForm(text: string): Json {
  const out: Json = {};
  for (const [key, value] of new URLSearchParams(text)) {
    const path = key.split(/\[|\]\[|\]/).filter((p) => p !== '');
    let at: Json | unknown[] = out;
    path.forEach((part, i) => {
      const last = i === path.length - 1;
      const nextIsIndex = !last && /^\d+$/.test(path[i + 1]!);
      const container = at as Record<string, unknown>;
      if (last) container[part] = value;
      else {
        container[part] ??= nextIsIndex ? [] : {};
        at = container[part] as Json;
      }
    });
  }
  return out;
}

let counter = 0;
const newId = (prefix: string) =>
  `${prefix}_test_${Date.now().toString(36)}${(++counter).toString(36).padStart(4, '0')}`;

/** Stripe's fee in Canada for a domestic card: 2.9 % + 30¢, rounded. */
export const standInFee = (cents: number) => Math.round(cents * 0.029) + 30;

export interface StandInRefund {
  id: string;
  object: 'refund';
  payment_intent: string;
  amount: number;
  currency: string;
  status: 'pending' | 'succeeded' | 'failed';
  failure_reason: string | null;
  /** What the refund was created with, echoed as Stripe does ({} for one made in the Dashboard). */
  metadata: Record<string, string>;
}

export interface StripeStandIn {
  url: string;
  sessions: Map<string, StandInSession>;
  refunds: StandInRefund[];
  /** Every request the app made, for assertions ("POST /v1/checkout/sessions"). */
  calls: { method: string; path: string; body: Json }[];
  /** The app's webhook, where the checkout page posts its events. */
  webhookUrl: string;
  /** Completes a session as Stripe would once the card is accepted; returns the event (not sent). */
  complete(sessionId: string, overrides?: { amount_total?: number; currency?: string }): Json;
  /** An event's body and signature header, signed by the SDK's test helper (a timestamp in seconds). */
  sign(event: Json, options?: { timestamp?: number; secret?: string }): { payload: string; header: string };
  /** Posts a signed event to the webhook; answers its status and body. */
  deliver(event: Json, options?: { timestamp?: number; secret?: string }): Promise<{ status: number; body: string }>;
  /** The next refund is refused with this message (as Stripe's invalid_request_error). */
  refuseNextRefund(message: string): void;
  /** The next refund is answered `pending` (a bank that confirms later), until settleRefund. */
  pendNextRefund(): void;
  /** A pending refund settles: its refund.updated event (or refund.failed), not sent. */
  settleRefund(id: string, outcome: 'succeeded' | { failed: string }): Json;
  /** The charge.refunded event of a payment (data: the charge), not sent. */
  chargeRefunded(paymentIntent: string): Json;
  /** A refund made in Stripe's Dashboard (succeeded at once): its refund.created event, not sent. */
  refundInDashboard(paymentIntent: string, amount: number): Json;
  /** The charge of this session has no balance transaction yet (its fee unknown) until settleFee. */
  holdFee(sessionId: string): void;
  settleFee(sessionId: string): void;
  /** A payout of every balance transaction not yet paid out, arriving on that day (YYYY-MM-DD). */
  payout(arrivalDate: string): Json;

  close(): Promise<void>;
}

export async function startStripeStandIn(
  opts: {
    webhookUrl?: string;
    /** The checkout page sends the customer back first and delivers its event this much later (0: before). */
    webhookDelayMs?: number;
  } = {},
): Promise<StripeStandIn> {
  const sessions = new Map<string, StandInSession>();
  const idempotent = new Map<string, string>();
  const refunds: StripeStandIn['refunds'] = [];
  const calls: StripeStandIn['calls'] = [];
  let refusal: string | null = null;
  const heldFees = new Set<string>();
  const paidOut = new Map<string, string>();
  const payouts: Json[] = [];
  let pendNext = false;
  const event = (type: string, object: unknown): Json => ({
    id: newId('evt'),
    object: 'event',
    api_version: '2026-10-28.endive',
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    pending_webhooks: 1,
    type,
    data: { object },
  });
  let base = '';

  const send = (res: http.ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json', 'request-id': newId('req') });
    res.end(JSON.stringify(body));
  };
  const invalid = (res: http.ServerResponse, message: string, code = 'resource_missing') =>
    send(res, 400, { error: { type: 'invalid_request_error', code, message } });

  const intentOf = (s: StandInSession, expand: boolean) =>
    s.payment_intent && expand
      ? {
          id: s.payment_intent,
          object: 'payment_intent',
          amount: s.amount_total,
          latest_charge: {
            id: `ch_${s.payment_intent.slice(3)}`,
            object: 'charge',
            balance_transaction: heldFees.has(s.id) ? null : `txn_${s.payment_intent.slice(3)}`,
          },
        }
      : s.payment_intent;

  const standIn: StripeStandIn = {
    url: '',
    sessions,
    refunds,
    calls,
    webhookUrl: opts.webhookUrl ?? '',
    complete(sessionId, overrides = {}) {
      const s = sessions.get(sessionId);
      if (!s) throw new Error(`no session ${sessionId}`);
      s.status = 'complete';
      s.payment_status = 'paid';
      s.payment_intent ??= newId('pi');
      return {
        id: newId('evt'),
        object: 'event',
        api_version: '2026-10-28.endive',
        created: Math.floor(Date.now() / 1000),
        livemode: false,
        pending_webhooks: 1,
        type: 'checkout.session.completed',
        data: { object: { ...s, ...overrides } },
      };
    },
    sign(event, options = {}) {
      const payload = JSON.stringify(event);
      const header = Stripe.webhooks.generateTestHeaderString({
        payload,
        secret: options.secret ?? TEST_WEBHOOK_SECRET,
        ...(options.timestamp !== undefined ? { timestamp: options.timestamp } : {}),
      });
      return { payload, header };
    },
    async deliver(event, options) {
      const { payload, header } = standIn.sign(event, options);
      const res = await fetch(standIn.webhookUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': header },
        body: payload,
      });
      return { status: res.status, body: await res.text() };
    },
    refuseNextRefund(message) {
      refusal = message;
    },
    pendNextRefund() {
      pendNext = true;
    },
    settleRefund(id, outcome) {
      const r = refunds.find((x) => x.id === id);
      if (!r) throw new Error(`no refund ${id}`);
      if (outcome === 'succeeded') r.status = 'succeeded';
      else {
        r.status = 'failed';
        r.failure_reason = outcome.failed;
      }
      return event(r.status === 'failed' ? 'refund.failed' : 'refund.updated', { ...r });
    },
    chargeRefunded(paymentIntent) {
      const s = [...sessions.values()].find((x) => x.payment_intent === paymentIntent);
      if (!s) throw new Error(`no payment ${paymentIntent}`);
      const refunded = refunds
        .filter((r) => r.payment_intent === paymentIntent && r.status === 'succeeded')
        .reduce((a, r) => a + r.amount, 0);
      return event('charge.refunded', {
        id: `ch_${paymentIntent.slice(3)}`,
        object: 'charge',
        amount: s.amount_total,
        amount_refunded: refunded,
        currency: s.currency,
        payment_intent: paymentIntent,
        refunded: refunded === s.amount_total,
      });
    },
    refundInDashboard(paymentIntent, amount) {
      if (![...sessions.values()].some((x) => x.payment_intent === paymentIntent))
        throw new Error(`no payment ${paymentIntent}`);
      const refund: StandInRefund = {
        id: newId('re'),
        object: 'refund',
        payment_intent: paymentIntent,
        amount,
        currency: 'cad',
        status: 'succeeded',
        failure_reason: null,
        metadata: {},
      };
      refunds.push(refund);
      return event('refund.created', { ...refund });
    },
    holdFee(sessionId) {
      heldFees.add(sessionId);
    },
    settleFee(sessionId) {
      heldFees.delete(sessionId);
    },
    payout(arrivalDate) {
      const id = newId('po');
      const lines = allTransactions().filter((tx) => !paidOut.has(tx.id as string));
      for (const tx of lines) paidOut.set(tx.id as string, id);
      const payout = {
        id,
        object: 'payout',
        amount: lines.reduce((a, tx) => a + (tx.net as number), 0),
        arrival_date: Math.floor(Date.parse(`${arrivalDate}T00:00:00Z`) / 1000),
        currency: 'cad',
        status: 'paid',
        automatic: true,
      };
      payouts.push(payout);
      return payout;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };

  /** The balance transaction of a paid session's charge, or of a succeeded refund (Stripe keeps the fee). */
  const chargeTx = (s: StandInSession): Json => {
    const fee = standInFee(s.amount_total);
    const suffix = s.payment_intent!.slice(3);
    return {
      id: `txn_${suffix}`,
      object: 'balance_transaction',
      type: 'charge',
      source: `ch_${suffix}`,
      amount: s.amount_total,
      fee,
      net: s.amount_total - fee,
      currency: s.currency,
      status: 'available',
    };
  };
  const refundTx = (r: StandInRefund): Json => ({
    id: `txn_${r.id}`,
    object: 'balance_transaction',
    type: 'refund',
    source: r.id,
    amount: -r.amount,
    fee: 0,
    net: -r.amount,
    currency: r.currency,
    status: 'available',
  });
  const allTransactions = (): Json[] => [
    ...[...sessions.values()].filter((s) => s.payment_intent && !heldFees.has(s.id)).map(chargeTx),
    ...refunds.filter((r) => r.status === 'succeeded').map(refundTx),
  ];
  const list = (url: string, data: unknown[]) => ({ object: 'list', url, has_more: false, data });

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      void (async () => {
        const url = new URL(req.url ?? '/', base);
        const body = parseForm(req.method === 'GET' ? url.search.slice(1) : Buffer.concat(chunks).toString());
        const method = req.method ?? 'GET';
        const path = url.pathname;
        if (path.startsWith('/v1/')) calls.push({ method, path, body });
        const key = req.headers['idempotency-key'];
        let m: RegExpExecArray | null;
        if (method === 'POST' && path === '/v1/checkout/sessions') {
          if (typeof key === 'string' && idempotent.has(key)) return send(res, 200, sessions.get(idempotent.get(key)!));
          const items = body.line_items as {
            quantity?: string;
            price_data: { unit_amount: string; currency: string; product_data: { name: string } };
          }[];
          const lines = items.map((item) => ({
            description: item.price_data.product_data.name,
            quantity: Number(item.quantity ?? 1),
            amount_total: Number(item.price_data.unit_amount) * Number(item.quantity ?? 1),
          }));
          const id = newId('cs');
          const s: StandInSession = {
            id,
            object: 'checkout.session',
            url: `${base}/pay/${id}`,
            mode: String(body.mode),
            currency: String(body.currency),
            locale: String(body.locale),
            amount_total: lines.reduce((sum, l) => sum + l.amount_total, 0),
            metadata: (body.metadata ?? {}) as Record<string, string>,
            client_reference_id: typeof body.client_reference_id === 'string' ? body.client_reference_id : '',
            customer_email: (body.customer_email as string | undefined) ?? null,
            payment_status: 'unpaid',
            status: 'open',
            expires_at: Math.floor(Date.now() / 1000) + 24 * 3600,
            success_url: String(body.success_url),
            cancel_url: String(body.cancel_url),
            payment_intent: null,
            description: items[0]!.price_data.product_data.name,
            line_items: { object: 'list', data: lines },
          };
          sessions.set(id, s);
          if (typeof key === 'string') idempotent.set(key, id);
          return send(res, 200, s);
        }
        if ((m = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(path)) && method === 'GET') {
          const s = sessions.get(m[1]!);
          if (!s) return invalid(res, `No such checkout.session: '${m[1]}'`);
          const expand = JSON.stringify(body.expand ?? '').includes('payment_intent');
          return send(res, 200, { ...s, payment_intent: intentOf(s, expand) });
        }
        if ((m = /^\/v1\/checkout\/sessions\/([^/]+)\/expire$/.exec(path)) && method === 'POST') {
          const s = sessions.get(m[1]!);
          if (!s) return invalid(res, `No such checkout.session: '${m[1]}'`);
          if (s.status !== 'open')
            return invalid(
              res,
              'Only Checkout Sessions with a status of open can be expired.',
              'checkout_session_not_open',
            );
          s.status = 'expired';
          return send(res, 200, s);
        }
        if (method === 'POST' && path === '/v1/refunds') {
          if (typeof key === 'string' && idempotent.has(key))
            return send(
              res,
              200,
              refunds.find((r) => r.id === idempotent.get(key)),
            );
          const intent = String(body.payment_intent);
          const paid = [...sessions.values()].find((s) => s.payment_intent === intent);
          if (!paid) return invalid(res, `No such payment_intent: '${intent}'`);
          if (refusal) {
            const message = refusal;
            refusal = null;
            return invalid(res, message, 'charge_disputed');
          }
          const already = refunds
            .filter((r) => r.payment_intent === intent && r.status !== 'failed')
            .reduce((a, r) => a + r.amount, 0);
          const amount = Number(body.amount ?? paid.amount_total - already);
          if (amount > paid.amount_total - already)
            return invalid(
              res,
              `Refund amount ($${(amount / 100).toFixed(2)}) is greater than unrefunded amount on charge ($${((paid.amount_total - already) / 100).toFixed(2)})`,
              'amount_too_large',
            );
          const refund: StandInRefund = {
            id: newId('re'),
            object: 'refund',
            payment_intent: intent,
            amount,
            currency: paid.currency,
            status: pendNext ? 'pending' : 'succeeded',
            failure_reason: null,
            metadata: (body.metadata ?? {}) as Record<string, string>,
          };
          pendNext = false;
          refunds.push(refund);
          if (typeof key === 'string') idempotent.set(key, refund.id);
          return send(res, 200, refund);
        }
        if (method === 'GET' && path === '/v1/refunds') {
          const intent = typeof body.payment_intent === 'string' ? body.payment_intent : '';
          const data = refunds.filter((r) => !intent || r.payment_intent === intent);
          return send(res, 200, { object: 'list', url: '/v1/refunds', has_more: false, data });
        }
        if (method === 'GET' && path === '/v1/payouts') {
          const range = (body.arrival_date ?? {}) as { gte?: string; lte?: string };
          const data = payouts.filter(
            (p) =>
              (range.gte === undefined || (p.arrival_date as number) >= Number(range.gte)) &&
              (range.lte === undefined || (p.arrival_date as number) <= Number(range.lte)),
          );
          return send(res, 200, list('/v1/payouts', data.reverse()));
        }
        if (method === 'GET' && path === '/v1/balance_transactions') {
          const payout = payouts.find((p) => p.id === body.payout);
          if (!payout) return invalid(res, `No such payout: '${String(body.payout)}'`);
          const own = allTransactions().filter((tx) => paidOut.get(tx.id as string) === payout.id);
          const out = {
            id: `txn_${payout.id as string}`,
            object: 'balance_transaction',
            type: 'payout',
            source: payout.id,
            amount: -(payout.amount as number),
            fee: 0,
            net: -(payout.amount as number),
            currency: 'cad',
            status: 'available',
          };
          return send(res, 200, list('/v1/balance_transactions', [out, ...own]));
        }
        if ((m = /^\/v1\/balance_transactions\/txn_(.+)$/.exec(path)) && method === 'GET') {
          const s = [...sessions.values()].find((x) => x.payment_intent === `pi_${m![1]}`);
          if (!s || heldFees.has(s.id)) return invalid(res, `No such balance transaction: 'txn_${m[1]}'`);
          return send(res, 200, chargeTx(s));
        }
        // The hosted page: the amount, the order, and a Pay button (no card field: a stand-in).
        if ((m = /^\/pay\/([^/]+)$/.exec(path))) {
          const s = sessions.get(m[1]!);
          if (!s) return void res.writeHead(404).end('No such checkout');
          if (method === 'GET') {
            res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
            const amount = (s.amount_total / 100).toFixed(2);
            return void res.end(
              `<!doctype html><html lang="${s.locale === 'fr-CA' ? 'fr-CA' : 'en'}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Stand-in checkout</title></head><body><main><h1>Stand-in checkout</h1><p>${s.description}</p>${s.line_items.data.map((l) => `<p>${l.description}: $${(l.amount_total / 100).toFixed(2)}</p>`).join('')}<p>Total: $${amount} ${s.currency.toUpperCase()}</p>${s.status === 'open' ? `<form method="post"><button type="submit">Pay $${amount}</button></form>` : `<p>This checkout is ${s.status}.</p>`}<p><a href="${s.cancel_url}">Back</a></p></main></body></html>`,
            );
          }
          if (s.status !== 'open') return void res.writeHead(409).end(`This checkout is ${s.status}`);
          const event = standIn.complete(s.id);
          if (opts.webhookDelayMs) {
            setTimeout(() => void standIn.deliver(event).catch(() => undefined), opts.webhookDelayMs);
          } else {
            const delivered = await standIn.deliver(event);
            if (delivered.status !== 200)
              return void res.writeHead(502).end(`The webhook answered ${delivered.status}: ${delivered.body}`);
          }
          res.writeHead(303, { location: s.success_url.replace('{CHECKOUT_SESSION_ID}', s.id) });
          return void res.end();
        }
        return invalid(res, `Unrecognized request URL (${method}: ${path}).`);
      })().catch((err: unknown) => {
        res.writeHead(500).end(String(err));
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  standIn.url = base;
  return standIn;
}
