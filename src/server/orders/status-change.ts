// Moving an order through its workflow (docs/accounts.md, "The gate"). A move that starts or
// passes production (In production, Ready, Completed) while the deposit is unpaid, or without an
// approved quote, needs an override: a reason of visible text, from someone allowed to give it,
// recorded with the move. Cancelling an invoiced order may credit what is unpaid. The order's row
// is locked for the whole move, so an approval arriving at the same moment waits its turn. The
// inbox asks first (previewStatus): what the gate wants and what the customer will be emailed.
import type { Transaction } from 'kysely';
import type { OrderStatus } from '../../shared/constants.js';
import { depositUnpaid, type Account } from '../../shared/invoices/account.js';
import type { StatusPreview } from '../../shared/inbox-api.js';
import { formatCents } from '../../shared/money.js';
import type { HistoryEvent } from '../../shared/history-events.js';
import { DomainError } from '../errors.js';
import {
  cancellationPlan,
  creditUnpaid,
  may,
  orderAccount,
  refreshPaymentState,
  type Actor,
} from '../invoices/index.js';
import { closeOpenQuotes, hasApprovedQuote, queueStatusMail, statusMails, type QuoteDeps } from '../quotes/index.js';
import { changeStatus, findOrder, recordEvent } from '../storage/orders.js';
import type { Database, OrderRow } from '../storage/schema.js';

const GATED: readonly OrderStatus[] = ['in_production', 'ready', 'completed'];

interface GateFacts {
  depositDueCents: number;
  withoutApprovedQuote: boolean;
}

async function gateFacts(
  deps: QuoteDeps,
  db: QuoteDeps['db'] | Transaction<Database>,
  order: OrderRow,
  to: OrderStatus,
): Promise<{ facts: GateFacts | null; account: Account }> {
  const account = await orderAccount(db, deps.books, order);
  if (!GATED.includes(to)) return { facts: null, account };
  const withoutApprovedQuote = !(await hasApprovedQuote(db, order.id));
  const depositDueCents = depositUnpaid(account) ? account.depositOutstandingCents : 0;
  return {
    facts: withoutApprovedQuote || depositDueCents > 0 ? { depositDueCents, withoutApprovedQuote } : null,
    account,
  };
}

function gateMessage(f: GateFacts): { en: string; fr: string } {
  const en: string[] = [];
  const fr: string[] = [];
  if (f.withoutApprovedQuote) {
    en.push('The customer has not approved a quote for this order.');
    fr.push('Le client n’a approuvé aucune soumission pour cette commande.');
  }
  if (f.depositDueCents > 0) {
    en.push(`The deposit (${formatCents(f.depositDueCents, 'en')} still due) has not been paid.`);
    fr.push(`L’acompte (${formatCents(f.depositDueCents, 'fr')} encore dû) n’a pas été payé.`);
  }
  return {
    en: `${en.join(' ')} Say why the order goes on without it.`,
    fr: `${fr.join(' ')} Dites pourquoi la commande continue sans cela.`,
  };
}

/** What a move would do: asked by the inbox before the clerk confirms it. */
export async function previewStatus(
  deps: QuoteDeps,
  orderId: string,
  to: OrderStatus,
  actor: Actor,
): Promise<StatusPreview | null> {
  const order = await findOrder(deps.db, orderId);
  if (!order) return null;
  const { facts, account } = await gateFacts(deps, deps.db, order, to);
  // The account as it will be after the move (Ready brings the balance due).
  const after = await orderAccount(deps.db, deps.books, { id: order.id, status: to });
  const mails = order.status === to ? [] : await statusMails(deps, deps.db, order, to, after, '…');
  // Exactly what cancelling with "credit what is unpaid" will credit, and write off, by the plan the move carries out.
  const plan =
    to === 'cancelled' && account.balanceCents > 0
      ? await cancellationPlan(deps, deps.db, order)
      : { creditCents: 0, writeOffCents: 0 };
  return {
    gate: facts && { ...facts, message: gateMessage(facts) },
    mails: mails.map((m) => ({ to: m.to, subject: m.subject, text: m.text })),
    unpaidCents: to === 'cancelled' ? Math.max(0, account.balanceCents) : 0,
    creditCents: plan.creditCents,
    writeOffCents: plan.writeOffCents,
    may: { credit: actor.allowed.has('credit'), override: actor.allowed.has('override') },
  };
}

const visible = (value: string) => {
  const text = value.normalize('NFC').replace(/\p{C}/gu, '').trim();
  return /[\p{L}\p{N}]/u.test(text) ? text : '';
};

export interface StatusMove {
  status: OrderStatus;
  override?: { reason: string };
  withoutDeposit?: { reason: string };
  creditUnpaid?: boolean;
  writeOffRest?: boolean;
}

/** Makes the move; false when there is no such order. Returns whether mail was queued. */
export async function moveStatus(
  deps: QuoteDeps,
  orderId: string,
  move: StatusMove,
  actor: Actor,
): Promise<{ found: boolean; mailed: boolean }> {
  const to = move.status;
  let mailed = false;
  const found = await changeStatus(
    deps.db,
    deps.dialect,
    orderId,
    to,
    actor.email,
    async (trx, order) => {
      if (to === 'cancelled') {
        await closeOpenQuotes(trx, order.id);
        if (move.creditUnpaid) {
          const notes = await creditUnpaid(deps, trx, { ...order, status: 'cancelled' }, actor, new Date(), {
            writeOffRest: move.writeOffRest === true,
          });
          if (notes.length > 0) {
            await recordEvent(trx, order.id, actor.email, {
              kind: 'cancelled_and_credited',
              creditNotes: notes.map((n) => n.number),
              totalCents: notes.reduce((s, n) => s + n.document.totalCents, 0),
            });
            mailed = true;
          }
        }
      }
      // Ready (or Completed) may bring the balance due: the state and the Ready email say so.
      const account = await refreshPaymentState(trx, deps.books, order.id);
      if (await queueStatusMail(deps, trx, order, to, account)) mailed = true;
    },
    async (trx, order): Promise<HistoryEvent | null> => {
      const { facts } = await gateFacts(deps, trx, order, to);
      if (!facts) return null;
      const given = move.override ?? move.withoutDeposit;
      const reason = visible(given?.reason ?? '');
      if (reason === '') {
        const message = gateMessage(facts);
        throw new DomainError('conflict', 'gate_closed', message.en, ['reason'], { messageFr: message.fr });
      }
      may(actor, 'override');
      return { kind: 'gate_overridden', reason, ...facts };
    },
  );
  return { found, mailed };
}

/**
 * The floor's first move past a first stage (docs/production.md, "The status follows the floor"):
 * the order to In production as a clerk's move, the same gate, override and email.
 */
export async function startProduction(
  deps: QuoteDeps,
  orderId: string,
  override: { reason: string } | undefined,
  actor: Actor,
): Promise<{ found: boolean; mailed: boolean }> {
  return moveStatus(deps, orderId, { status: 'in_production', ...(override ? { override } : {}) }, actor);
}
