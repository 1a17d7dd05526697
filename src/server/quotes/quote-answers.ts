// The customer's answer to a quote version: an approval (recorded once, with the typed name and
// the version's hash, issuing its invoice in the same transaction) or a request for changes.
import { randomUUID } from 'node:crypto';
import type { Transaction } from 'kysely';
import type { OrderStatus } from '../../shared/constants.js';
import { statusLabel } from '../../shared/order-presentation.js';
import { DomainError } from '../errors.js';

import { composeAnswerMail } from './quote-mail.js';
import { enqueueMails, mailRows } from '../storage/mail-queue.js';
import { isUniqueViolation, recordStatus } from '../storage/orders.js';
import { currentQuote, insertResponse, setQuoteStatus, supersede } from './quote-store.js';
import type { Database, QuoteRow } from '../storage/schema.js';
import { issueInvoiceOnApproval } from '../invoices/index.js';

import { documentOf, lockOrder, type QuoteDeps } from './quote-service.js';

export interface ClientFacts {
  address: string;
  userAgent: string;
}

/**
 * A quote is answered only while its order is Quoted: not once the order was cancelled, nor
 * after the shop moved it on (Completed, In production…), which would send it back to New.
 */
function quoteClosed(status: OrderStatus): DomainError {
  const cancelled = status === 'cancelled';
  return new DomainError(
    'conflict',
    'quote_closed',
    cancelled
      ? 'This order was cancelled, so its quote can no longer be approved or changed.'
      : `This order is at “${statusLabel(status, 'en')}” now, so its quote can no longer be approved or changed. Contact the shop if something should change.`,
    undefined,
    {
      messageFr: cancelled
        ? 'Cette commande a été annulée\u00a0: sa soumission ne peut plus être approuvée ni modifiée.'
        : `Cette commande est maintenant à l’étape «\u00a0${statusLabel(status, 'fr')}\u00a0»\u00a0: sa soumission ne peut plus être approuvée ni modifiée. Communiquez avec la boutique si quelque chose doit changer.`,
    },
  );
}

/** Cancelling an order closes its open quote: the version waiting for an answer is superseded. */
export async function closeOpenQuotes(trx: Transaction<Database>, orderId: string): Promise<void> {
  await supersede(trx, orderId, ['sent']);
}

/**
 * A changed order withdraws its quotes (docs/product.md, "Changing an order"): the version sent,
 * answered or approved gives way, so nothing is approved until a quote of the new order version
 * is. What the floor makes stays the last approved order version (order-to-make.ts) meanwhile.
 * Returns what was withdrawn: the approval, a quote waiting for an answer, or nothing.
 */
export async function withdrawQuotes(
  trx: Transaction<Database>,
  orderId: string,
): Promise<'approval' | 'quote' | null> {
  const current = await currentQuote(trx, orderId);
  if (!current || current.status === 'superseded') return null;
  await supersede(trx, orderId, ['sent', 'approved', 'changes_requested']);
  return current.status === 'approved' ? 'approval' : current.status === 'sent' ? 'quote' : null;
}

/** The version the customer may still answer, or the refusal that says why not. */
async function answerable(
  trx: Transaction<Database>,
  order: { id: string; status: OrderStatus },
  version: number | null,
): Promise<QuoteRow> {
  const current = await currentQuote(trx, order.id);
  if (!current)
    throw new DomainError('conflict', 'no_quote', 'There is no quote to answer yet.', undefined, {
      messageFr: 'Il n’y a encore aucune soumission à laquelle répondre.',
    });
  if (version !== null && version !== current.version) {
    throw new DomainError(
      'conflict',
      'quote_superseded',
      `Quote v${version} has been replaced by v${current.version}. Please review the current quote before approving it.`,
      undefined,
      {
        messageFr: `La soumission v${version} a été remplacée par la v${current.version}. Veuillez consulter la soumission actuelle avant de l’approuver.`,
      },
    );
  }
  // Not answered, but closed: the order was cancelled (which supersedes it) or moved on.
  if ((current.status === 'sent' || current.status === 'superseded') && order.status !== 'quoted') {
    throw quoteClosed(order.status);
  }
  if (current.status !== 'sent') {
    throw new DomainError(
      'conflict',
      'already_answered',
      `Quote v${current.version} has already been answered.`,
      undefined,
      { messageFr: `La soumission v${current.version} a déjà reçu une réponse.` },
    );
  }
  return current;
}

/** The customer approves the current version: recorded once, never changed; the order becomes Approved. */
export async function approveQuote(
  deps: QuoteDeps,
  orderId: string,
  input: { version: number; fullName: string },
  client: ClientFacts,
): Promise<void> {
  const fullName = input.fullName.normalize('NFC').replace(/\s+/g, ' ').trim();
  if (fullName.length < 2) {
    throw new DomainError('invalid', 'full_name_required', 'Type your full name to approve.', ['fullName'], {
      messageFr: 'Tapez votre nom complet pour approuver.',
    });
  }
  await answer(deps, orderId, input.version, client, { kind: 'approved', fullName });
}

/** The customer asks for changes to the current version: the order goes back to New with the comment. */
export async function requestChanges(
  deps: QuoteDeps,
  orderId: string,
  input: { comment: string },
  client: ClientFacts,
): Promise<void> {
  const comment = input.comment.normalize('NFC').trim();
  if (comment.length === 0) {
    throw new DomainError('invalid', 'comment_required', 'Say what should change.', ['comment'], {
      messageFr: 'Dites ce qui doit changer.',
    });
  }
  await answer(deps, orderId, null, client, { kind: 'changes_requested', comment });
}

async function answer(
  deps: QuoteDeps,
  orderId: string,
  version: number | null,
  client: ClientFacts,
  what: { kind: 'approved'; fullName: string } | { kind: 'changes_requested'; comment: string },
): Promise<void> {
  try {
    await deps.db.transaction().execute(async (trx) => {
      const order = await lockOrder(deps, trx, orderId);
      const quote = await answerable(trx, order, version);
      const now = new Date().toISOString();
      await insertResponse(trx, {
        id: randomUUID(),
        quote_id: quote.id,
        order_id: orderId,
        version: quote.version,
        kind: what.kind,
        full_name: what.kind === 'approved' ? what.fullName : null,
        comment: what.kind === 'changes_requested' ? what.comment : null,
        quote_sha256: quote.sha256!,
        client_address: client.address.slice(0, 100),
        user_agent: client.userAgent.slice(0, 500),
        created_at: now,
      });
      await setQuoteStatus(trx, quote.id, what.kind);
      const forMail = { id: order.id, reference: order.reference, document: documentOf(order) };
      if (what.kind === 'approved') {
        await recordStatus(trx, order, 'approved', 'customer', {
          kind: 'quote_approved',
          version: quote.version,
          fullName: what.fullName,
          hash: quote.sha256!,
        });
        const mail = composeAnswerMail(
          forMail,
          {
            kind: 'approved',
            version: quote.version,
            fullName: what.fullName,
            totalCents: quote.total_cents!,
            at: now,
          },
          deps.shop,
        );
        await enqueueMails(trx, mailRows(orderId, [mail]));
        // The invoice of exactly this version, numbered in this transaction: one approval, one
        // invoice. A test order (the owner's checklist) is approved without one: no number taken.
        if (order.is_test !== 1)
          await issueInvoiceOnApproval(
            deps,
            trx,
            { ...order, status: 'approved' },
            quote,
            { fullName: what.fullName, at: now },
            new Date(now),
          );
      } else {
        await recordStatus(trx, order, 'new', 'customer', {
          kind: 'changes_requested',
          version: quote.version,
          comment: what.comment,
        });
        const mail = composeAnswerMail(
          forMail,
          { kind: 'changes_requested', version: quote.version, comment: what.comment, at: now },
          deps.shop,
        );
        await enqueueMails(trx, mailRows(orderId, [mail]));
      }
    });
  } catch (err) {
    // Two answers at once: the unique key on the version let only one through.
    if (isUniqueViolation(err))
      throw new DomainError('conflict', 'already_answered', 'This quote has already been answered.', undefined, {
        messageFr: 'Cette soumission a déjà reçu une réponse.',
      });
    throw err;
  }
}
