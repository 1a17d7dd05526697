// Quotes from the clerk's lines to the customer's answer. Amounts are always computed here from
// the lines (shared/quote.ts), never taken from a browser; a sent version is frozen with the
// SHA-256 of its canonical text, and the customer's answer records that hash
// (docs/product.md, "Quotes, proofs and approval").
import { createHash, randomUUID } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import { CUSTOMER_STEPS, type OrderStatus, type ViewName } from '../../shared/constants.js';
import { statusLabel } from '../../shared/order-presentation.js';
import { isTooComplex } from '../../shared/artwork-report.js';
import type { ValidOrderBody } from '../../shared/order-schema.js';
import {
  computeQuote,
  placeOfSupply,
  quoteVersion,
  serialiseQuoteVersion,
  suggestQuoteLines,
  type ComputedQuote,
  type QuoteLineInput,
} from '../../shared/quote.js';
import type {
  CustomerOrderView,
  PricedQuoteLine,
  PricedStart,
  ProofInfo,
  Registration,
  SendQuoteBody,
  SentQuoteInfo,
  StaffQuoteState,
} from '../../shared/quote-api.js';
import type { TaxExemption } from '../../shared/tax-treatment.js';
import { DomainError } from '../errors.js';
import { yieldToLoop } from '../yield-to-loop.js';

const yieldThen = async <T>(work: () => T): Promise<T> => {
  await yieldToLoop();
  return work();
};
import { composeAnswerMail, composeQuoteSentMail, composeReadyMail } from './quote-mail.js';
import type { ComposedMail, ShopIdentity } from '../mail/compose.js';
import { enqueueMails, mailRows } from '../storage/mail-queue.js';
import {
  isUniqueViolation,
  listAttachments,
  lockOrder as lockOrderRow,
  recordStatus,
  statusHistory,
} from '../storage/orders.js';
import { artworkOfOrders } from '../artwork/index.js';
import {
  currentQuote,
  deleteDraft,
  deleteProof,
  draftIdOf,
  findProof,
  insertQuote,
  insertResponse,
  nextVersion,
  proofsOfOrder,
  quotesOfOrder,
  responsesOfOrder,
  setQuoteStatus,
  supersede,
  updateDraft,
} from './quote-store.js';
import { mintOrderLink } from '../storage/order-links.js';
import type { Dialect } from '../storage/db.js';
import { findPriceList, type PublishedPriceList } from '../prices/index.js';
import { priceOrder, type PriceLine } from '../../shared/prices/price-order.js';
import type { TaxRegistrations } from '../../shared/taxes.js';
import type {
  Database,
  OrderRow,
  QuoteProofRow,
  QuoteResponseRow,
  QuoteRow,
  StoredQuoteLines,
} from '../storage/schema.js';
import type { Seller } from '../../shared/invoices/invoice-api.js';
import {
  customerAccountView,
  howToPay,
  issueInvoiceOnApproval,
  readTerms,
  todayOf,
  type Books,
} from '../invoices/index.js';
import { accountHeadline, type Account } from '../../shared/invoices/account.js';
import { canonicalJson, fromJson, toJson } from '../storage/json.js';

export interface QuoteDeps {
  db: Kysely<Database>;
  dialect: Dialect;
  shopProvince: string;
  /** The registration numbers printed on quotes. */
  registration: Registration;
  /** The taxes the shop charges (GST/HST and QST with a number, PST where registered). */
  registrations: TaxRegistrations;
  /** The published price list "Prepare quote" starts from (prices/price-list-store.ts). */
  currentPriceList: () => Promise<PublishedPriceList | null>;
  shop: ShopIdentity;
  /** Printed on invoices and receipts (invoices/invoice-service.ts). */
  seller: Seller;
  /** The shop's calendar, fiscal year and province (invoices/accounts.ts). */
  books: Books;
}

const noSuchOrder = () => new DomainError('not_found', 'not_found', 'No such order.');

const documentOf = (order: OrderRow) => fromJson(order.document);

/** What the clerk's editor sends for a preview, a draft or a version. */
export interface QuoteInput {
  lines: readonly QuoteLineInput[];
  /** The customer's purchase for resale, with their PST number (BC, SK and MB PST are not charged). */
  exemption?: TaxExemption | null;
  /** The published price list the lines started from, when they did. */
  priceListVersion?: number;
}

/** The taxes and totals of the lines for this order, or a 422 naming every field at fault. */
export function computeForOrder(
  order: OrderRow,
  input: Pick<QuoteInput, 'lines' | 'exemption'>,
  shop: Pick<QuoteDeps, 'shopProvince' | 'registrations' | 'books'>,
  date = todayOf(shop.books),
): ComputedQuote {
  const province = placeOfSupply(documentOf(order), shop.shopProvince);
  if (!province) {
    throw new DomainError(
      'invalid',
      'no_place_of_supply',
      'The order names no province to ship to, so its taxes cannot be worked out. Ask the customer for the shipping province.',
      ['province'],
    );
  }
  // Only a line's own fields count: a total, a tax or anything else a browser sends is ignored.
  const clean = input.lines.map(stripTotal);
  const result = computeQuote(clean, {
    province,
    date,
    registrations: shop.registrations,
    exemption: input.exemption ?? null,
  });
  if (!result.ok) {
    throw new DomainError(
      'invalid',
      'invalid_quote',
      result.errors.map((e) => e.message).join(' '),
      result.errors.map((e) => e.path),
    );
  }
  return result.quote;
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

const PREVIEWABLE = /^image\/(png|jpeg|gif|webp)$/;

export function proofInfo(p: QuoteProofRow): ProofInfo {
  return {
    id: p.id,
    layout: p.layout_number,
    name: p.name,
    mediaType: p.media_type,
    size: p.size,
    isImage: PREVIEWABLE.test(p.media_type),
    uploadedAt: p.uploaded_at,
  };
}

function sentInfo(q: QuoteRow, response: QuoteResponseRow | undefined): SentQuoteInfo {
  const quote = fromJson(q.document!);
  return {
    version: q.version,
    status: q.status as SentQuoteInfo['status'],
    sentAt: q.sent_at!,
    sha256: q.sha256!,
    quote,
    proofIds: fromJson(q.lines).proofIds ?? [],
    response: response
      ? {
          kind: response.kind,
          fullName: response.full_name,
          comment: response.comment,
          at: response.created_at,
          quoteSha256: response.quote_sha256,
        }
      : null,
  };
}

/** What the clerk's quote editor starts from. */
export async function staffQuoteState(deps: QuoteDeps, order: OrderRow): Promise<StaffQuoteState> {
  // A very large order's document takes a while to read: the steps after it are steps of their own.
  await yieldToLoop();
  const doc = documentOf(order);
  await yieldToLoop();
  const [quotes, proofs, responses] = await Promise.all([
    quotesOfOrder(deps.db, order.id),
    proofsOfOrder(deps.db, order.id),
    responsesOfOrder(deps.db, order.id),
  ]);
  const byQuote = new Map(responses.map((r) => [r.quote_id, r]));
  const draft = quotes.find((q) => q.status === 'draft');
  return {
    province: placeOfSupply(doc, deps.shopProvince),
    registration: deps.registration,
    suggestions: await yieldThen(() => suggestQuoteLines(doc)),
    priced: await pricedStart(deps, order, doc),
    draft: draft ? fromJson(draft.lines).lines : null,
    draftPriceListVersion: draft?.price_list_version ?? null,
    draftExemption: (draft && fromJson(draft.lines).exemption) ?? null,
    estimate: order.estimate ? fromJson(order.estimate) : null,
    versions: quotes
      .filter((q) => q.status !== 'draft')
      .map((q) => {
        const r = byQuote.get(q.id);
        const info = sentInfo(q, r);
        return {
          ...info,
          sentBy: q.sent_by ?? '',
          priceListVersion: q.price_list_version ?? null,
          response:
            info.response && r ? { ...info.response, clientAddress: r.client_address, userAgent: r.user_agent } : null,
        };
      }),
    proofs: proofs.map(proofInfo),
  };
}

/** "Prepare quote": the order priced from the current price list, in the customer's language. */
async function pricedStart(deps: QuoteDeps, order: OrderRow, doc: ValidOrderBody): Promise<PricedStart | null> {
  const current = await deps.currentPriceList();
  if (!current) return null;
  const priced = priceOrder(current.priceList, doc, {
    date: todayOf(deps.books),
    shopProvince: deps.shopProvince,
    registrations: deps.registrations,
    graphicAspect: await graphicAspects(deps, order.id, doc),
  });
  const lang = doc.language ?? 'en';
  const percentOf = (line: PriceLine) =>
    line.kind === 'rush'
      ? { percent: current.priceList.rush.percent }
      : line.kind === 'resale_partner'
        ? { percent: current.priceList.resalePartnerPercentOff }
        : {};
  const lines: PricedQuoteLine[] = priced.lines.map((line) => ({
    description: line.description[lang],
    quantity: line.quantity,
    unitPriceCents: line.unitCents,
    taxable: true,
    // A children's garment from the price list keeps its mark: the quote taxes it as the estimate did.
    ...(line.childrens ? { childrens: true } : {}),
    needsPrice: false,
    kind: line.kind,
    ...percentOf(line),
    reason: line.reason,
  }));
  // What the list cannot price: a line each, at $0 and marked, for the clerk to price or remove.
  for (const item of priced.onQuote) {
    lines.push({
      description: withoutOnQuoteSuffix(item.reason[lang]),
      quantity: 1,
      unitPriceCents: 0,
      taxable: true,
      needsPrice: true,
      reason: item.reason,
    });
  }
  return { priceListVersion: current.version, lines, notes: [...priced.notes] };
}

const withoutOnQuoteSuffix = (text: string) =>
  text.replace(/: priced on your quote$/, '').replace(/ : prix dans votre soumission$/, '');

/** Width ÷ height of each view's graphic, from the measured file: an embroidery given a width only needs it. */
async function graphicAspects(
  deps: QuoteDeps,
  orderId: string,
  doc: ValidOrderBody,
): Promise<Record<string, Partial<Record<ViewName, number>>>> {
  const [attachments, measured] = await Promise.all([
    listAttachments(deps.db, orderId),
    artworkOfOrders(deps.db, [orderId]),
  ]);
  const sizeOf = new Map(measured.map((m) => [m.attachment_id, m]));
  const byName = new Map(attachments.map((a) => [a.name, sizeOf.get(a.id)]));
  const out: Record<string, Partial<Record<ViewName, number>>> = {};
  for (const [key, layout] of Object.entries(doc.layouts)) {
    for (const [view, datum] of Object.entries(layout.viewData) as [ViewName, { image?: string | null }][]) {
      const m = datum.image ? byName.get(datum.image) : undefined;
      if (m?.width && m.height) (out[key] ??= {})[view] = m.width / m.height;
    }
  }
  return out;
}

/** The version must exist to be recorded on a quote. */
async function checkedPriceListVersion(deps: QuoteDeps, version: number | undefined): Promise<number | null> {
  if (version === undefined) return null;
  if (!(await findPriceList(deps.db, version))) {
    throw new DomainError('invalid', 'unknown_price_list', `There is no price list v${version}.`, ['priceListVersion']);
  }
  return version;
}

async function lockOrder(deps: QuoteDeps, trx: Transaction<Database>, orderId: string): Promise<OrderRow> {
  const order = await lockOrderRow(trx, deps.dialect, orderId);
  if (!order) throw noSuchOrder();
  return order;
}

/**
 * Takes back a proof no sent version carries (one uploaded by mistake) and returns where its
 * bytes are, for the caller to remove once this has committed. A proof that went with a version
 * stays: it is part of what the customer was shown, and may have approved.
 */
export async function removeProof(deps: QuoteDeps, orderId: string, proofId: string): Promise<string> {
  return deps.db.transaction().execute(async (trx) => {
    await lockOrder(deps, trx, orderId);
    const proof = await findProof(trx, orderId, proofId);
    if (!proof) throw new DomainError('not_found', 'not_found', 'No such proof.');
    const sentWith = (await quotesOfOrder(trx, orderId)).find(
      (q) => q.status !== 'draft' && (fromJson(q.lines).proofIds ?? []).includes(proofId),
    );
    if (sentWith) {
      throw new DomainError(
        'conflict',
        'proof_sent',
        `This proof went to the customer with quote v${sentWith.version}, so it is kept. Upload the corrected proof and send a new version.`,
      );
    }
    await deleteProof(trx, orderId, proofId);
    return proof.storage_key;
  });
}

/** Saves the clerk's lines as the order's draft (checked, so a draft can always be sent). */
export async function saveDraft(deps: QuoteDeps, orderId: string, input: QuoteInput, by: string): Promise<void> {
  const version = await checkedPriceListVersion(deps, input.priceListVersion);
  await deps.db.transaction().execute(async (trx) => {
    const order = await lockOrder(deps, trx, orderId);
    const computed = computeForOrder(order, input, deps);
    const stored = toJson<StoredQuoteLines>({
      lines: computed.lines.map(stripTotal),
      ...(computed.exemption ? { exemption: computed.exemption } : {}),
    });
    const draftId = await draftIdOf(trx, orderId);
    if (draftId) {
      await updateDraft(trx, draftId, { lines: stored, by, priceListVersion: version });
    } else {
      await insertQuote(trx, {
        id: randomUUID(),
        order_id: orderId,
        version: await nextVersion(trx, orderId),
        status: 'draft',
        lines: stored,
        document: null,
        sha256: null,
        total_cents: null,
        created_by: by,
        created_at: new Date().toISOString(),
        sent_by: null,
        sent_at: null,
        price_list_version: version,
      });
    }
  });
}

/** A line as the clerk entered it: its own fields, without its total (the taxabilities only when set). */
function stripTotal({ description, quantity, unitPriceCents, taxable, notTaxed, childrens }: QuoteLineInput) {
  return {
    description,
    quantity,
    unitPriceCents,
    taxable,
    ...(notTaxed !== undefined ? { notTaxed } : {}),
    ...(childrens !== undefined ? { childrens } : {}),
  } satisfies QuoteLineInput;
}

const noProofs = () =>
  new DomainError(
    'conflict',
    'no_proofs',
    'No proof was uploaded for this quote. Send it without proofs only if the customer is to approve the quote alone.',
    undefined,
    {
      messageFr:
        'Aucune épreuve n’a été téléversée pour cette soumission. Envoyez-la sans épreuves seulement si le client doit approuver la soumission seule.',
    },
  );

export interface SentQuote {
  version: number;
  sha256: string;
  totalCents: number;
}

/**
 * Freezes the lines as the next version with every proof uploaded so far, supersedes the
 * version before it, moves the order to Quoted with a note in its history, and queues the
 * customer's email with a new link to their order's page, all in one transaction. A version
 * without any proof goes only when the clerk confirms it: the customer then approves the quote
 * alone (docs/product.md, "Quotes, proofs and approval").
 */
export async function sendQuote(
  deps: QuoteDeps,
  orderId: string,
  input: QuoteInput & Pick<SendQuoteBody, 'confirmNoProofs'>,
  by: string,
): Promise<SentQuote> {
  const pricedFrom = await checkedPriceListVersion(deps, input.priceListVersion);
  try {
    return await deps.db.transaction().execute(async (trx) => {
      const order = await lockOrder(deps, trx, orderId);
      const computed = computeForOrder(order, input, deps);
      const proofs = await proofsOfOrder(trx, orderId);
      if (proofs.length === 0 && input.confirmNoProofs !== true) throw noProofs();
      const version = await nextVersion(trx, orderId);
      const frozen = quoteVersion(
        orderId,
        version,
        computed,
        proofs.map((p) => ({ layout: p.layout_number, name: p.name, sha256: p.sha256 })),
      );
      const text = serialiseQuoteVersion(frozen);
      const hash = sha256(text);
      const now = new Date().toISOString();
      const stored = toJson<StoredQuoteLines>({
        lines: computed.lines.map(stripTotal),
        ...(computed.exemption ? { exemption: computed.exemption } : {}),
        proofIds: proofs.map((p) => p.id),
      });
      // Every earlier version, answered or not, gives way to this one.
      await supersede(trx, orderId, ['sent', 'changes_requested', 'approved']);
      await deleteDraft(trx, orderId);
      await insertQuote(trx, {
        id: randomUUID(),
        order_id: orderId,
        version,
        status: 'sent',
        lines: stored,
        document: canonicalJson(frozen, text),
        sha256: hash,
        total_cents: computed.totalCents,
        created_by: by,
        created_at: now,
        sent_by: by,
        sent_at: now,
        price_list_version: pricedFrom,
      });
      await recordStatus(trx, order, 'quoted', by, { kind: 'quote_sent', version, hash });
      const token = await mintOrderLink(trx, orderId);
      const mail = composeQuoteSentMail(
        { id: order.id, reference: order.reference, document: documentOf(order) },
        { version, totalCents: computed.totalCents },
        token,
        deps.shop,
      );
      await enqueueMails(trx, mailRows(orderId, [mail]));
      return { version, sha256: hash, totalCents: computed.totalCents };
    });
  } catch (err) {
    if (isUniqueViolation(err))
      throw new DomainError(
        'conflict',
        'quote_conflict',
        'Another quote for this order was sent at the same moment. Reload the order.',
      );
    throw err;
  }
}

/** The customer's order as its page shows it. */
export async function customerView(deps: QuoteDeps, order: OrderRow): Promise<CustomerOrderView> {
  const doc = documentOf(order);
  const [attachments, artwork, history, proofs, current, responses] = await Promise.all([
    listAttachments(deps.db, order.id),
    artworkOfOrders(deps.db, [order.id]),
    statusHistory(deps.db, order.id),
    proofsOfOrder(deps.db, order.id),
    currentQuote(deps.db, order.id),
    responsesOfOrder(deps.db, order.id),
  ]);
  const thumbs = new Set(artwork.filter((a) => a.thumbnail === 1).map((a) => a.attachment_id));
  const tooComplex = new Set(artwork.filter((a) => isTooComplex(a)).map((a) => a.attachment_id));
  const steps: CustomerOrderView['steps'] = { new: order.created_at };
  // The latest time each step was reached; steps after the present one are not shown as reached.
  // Moves only: a payment or an invoice recorded while Approved is not Approved again.
  for (const h of history)
    if (h.from_status !== h.to_status && (CUSTOMER_STEPS as readonly string[]).includes(h.to_status))
      steps[h.to_status as 'new'] = h.changed_at;
  const at = CUSTOMER_STEPS.indexOf(order.status as (typeof CUSTOMER_STEPS)[number]);
  for (const [i, step] of CUSTOMER_STEPS.entries()) if (at >= 0 && i > at) delete steps[step];
  const quote = current
    ? sentInfo(
        current,
        responses.find((r) => r.quote_id === current.id),
      )
    : null;
  const shown = quote ? new Set(quote.proofIds) : new Set<string>();
  const shipping = doc.layouts['1']?.shipping;
  const reachedReady = at >= CUSTOMER_STEPS.indexOf('ready');
  return {
    reference: order.reference,
    language: doc.language === 'fr' ? 'fr' : 'en',
    createdAt: order.created_at,
    status: order.status,
    steps,
    document: doc,
    attachments: attachments.map((a) => ({
      id: a.id,
      name: a.name,
      layout: a.layout_number,
      role: a.role,
      view: a.view,
      preview: thumbs.has(a.id),
      tooComplex: tooComplex.has(a.id),
    })),
    proofs: proofs.filter((p) => shown.has(p.id)).map(proofInfo),
    quote,
    registration: deps.registration,
    shopName: deps.shop.name,
    fulfilment: reachedReady ? (shipping?.localPickup ? 'pickup' : 'shipping') : null,
    account: await customerAccountView(deps, order),
  };
}

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
        ? 'Cette commande a été annulée : sa soumission ne peut plus être approuvée ni modifiée.'
        : `Cette commande est maintenant à l’étape « ${statusLabel(status, 'fr')} » : sa soumission ne peut plus être approuvée ni modifiée. Communiquez avec la boutique si quelque chose doit changer.`,
    },
  );
}

/** Cancelling an order closes its open quote: the version waiting for an answer is superseded. */
export async function closeOpenQuotes(trx: Transaction<Database>, orderId: string): Promise<void> {
  await supersede(trx, orderId, ['sent']);
}

/** The version the customer may still answer, or the refusal that says why not. */
async function answerable(
  trx: Transaction<Database>,
  order: { id: string; status: OrderStatus },
  version: number | null,
): Promise<QuoteRow> {
  const current = await currentQuote(trx, order.id);
  if (!current) throw new DomainError('conflict', 'no_quote', 'There is no quote to answer yet.');
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
        // The invoice of exactly this version, numbered in this transaction: one approval, one invoice.
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

/**
 * The emails a move sends the customer: today, Ready (a sent quote has its own email), with
 * what the account asks now and how to pay it. `token` is the new link to their page; the
 * status preview passes a placeholder, so the clerk reads the email before it goes.
 */
export async function statusMails(
  deps: Pick<QuoteDeps, 'shop' | 'seller' | 'db'>,
  db: Kysely<Database> | Transaction<Database>,
  order: OrderRow,
  status: OrderStatus,
  /** The order's account after the move. */
  account: Account | null,
  token: string,
): Promise<ComposedMail[]> {
  if (status !== 'ready') return [];
  const doc = documentOf(order);
  const fulfilment = doc.layouts['1']?.shipping?.localPickup ? 'pickup' : 'shipping';
  const lang = doc.language === 'fr' ? 'fr' : 'en';
  const payment =
    account && account.dueNowCents > 0
      ? {
          headline: accountHeadline(account, lang),
          howToPay: howToPay(await readTerms(db, deps.shop.shopEmail), order, deps.seller, account.dueNowCents, lang),
        }
      : null;
  return [
    composeReadyMail(
      { id: order.id, reference: order.reference, document: doc },
      fulfilment,
      token,
      deps.shop,
      payment,
    ),
  ];
}

/** Queues the move's emails in its transaction, with a new link; true when one was queued. */
export async function queueStatusMail(
  deps: Pick<QuoteDeps, 'shop' | 'seller' | 'db'>,
  trx: Transaction<Database>,
  order: OrderRow,
  status: OrderStatus,
  account: Account | null,
): Promise<boolean> {
  if (status !== 'ready') return false;
  const token = await mintOrderLink(trx, order.id);
  const mails = await statusMails(deps, trx, order, status, account, token);
  await enqueueMails(trx, mailRows(order.id, mails));
  return mails.length > 0;
}

/** True when the order's latest sent version is approved: the quote production may start from. */
export async function hasApprovedQuote(
  db: Kysely<Database> | Transaction<Database>,
  orderId: string,
): Promise<boolean> {
  return (await currentQuote(db, orderId))?.status === 'approved';
}
