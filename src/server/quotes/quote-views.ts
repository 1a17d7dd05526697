// What the clerk's quote editor and the customer's page read of an order's quotes: the editor's
// starting state (the order priced from the price list, suggested lines, versions, proofs) and the
// customer's view of their order. Reads only; quote-service.ts writes.
import type { Kysely, Transaction } from 'kysely';
import { CUSTOMER_STEPS } from '../../shared/constants.js';
import { isTooComplex } from '../../shared/artwork-report.js';
import type { ValidOrderBody } from '../../shared/order-schema.js';
import { placeOfSupply, suggestQuoteLines, type SuggestedQuoteLine } from '../../shared/quote.js';
import type {
  CustomerOrderView,
  PricedQuoteLine,
  PricedStart,
  ProofInfo,
  RevisionStart,
  SentQuoteInfo,
  StaffQuoteState,
} from '../../shared/quote-api.js';
import { yieldToLoop } from '../yield-to-loop.js';

import { listAttachments, statusHistory } from '../storage/orders.js';
import { artworkOfOrders, graphicAspects } from '../artwork/index.js';
import { currentQuote, proofsOfOrder, quotesOfOrder, responsesOfOrder } from './quote-store.js';
import { priceOrder, type PriceLine } from '../../shared/prices/price-order.js';
import type { Database, OrderRow, QuoteProofRow, QuoteResponseRow, QuoteRow } from '../storage/schema.js';
import { customerAccountView, todayOf } from '../invoices/index.js';
import { fromJson } from '../storage/json.js';

import { documentOf, type QuoteDeps } from './quote-service.js';
import { recordInBoth } from '../../shared/order-record.js';
import { reviseQuoteLines } from '../../shared/quote-revision.js';
import { versionDocuments } from '../storage/order-versions.js';

const yieldThen = async <T>(work: () => T): Promise<T> => {
  await yieldToLoop();
  return work();
};

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
  const priced = await pricedStart(deps, order, doc);
  const lastSent = quotes.filter((q) => q.status !== 'draft').at(-1);
  return {
    province: placeOfSupply(doc, deps.shopProvince),
    shopProvince: deps.shopProvince,
    registration: deps.registration,
    suggestions: await yieldThen(() => suggestionsOf(deps, doc)),
    priced,
    revision: priced && lastSent ? await revisionStart(deps, order, doc, priced, lastSent) : null,
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

/**
 * The order's unpriced suggestions; a Quebec shop's, for a customer who is not French-speaking,
 * with the French description of each line beside (its documents print it, shared/quote.ts).
 */
function suggestionsOf(deps: QuoteDeps, doc: ValidOrderBody): SuggestedQuoteLine[] {
  const lines = suggestQuoteLines(doc);
  if (deps.shopProvince !== 'QC' || (doc.language ?? 'en') === 'fr') return lines;
  const french = suggestQuoteLines(doc, { language: 'fr' });
  return lines.map((line, i) => ({ ...line, descriptionFr: french[i]!.description }));
}

/**
 * "Revise": the order as it stands priced again, with the clerk's edits to the last version sent
 * kept (shared/quote-revision.ts). The version sent is compared with the order version it priced,
 * priced by the same list: a price that differs from the list's was the clerk's.
 */
async function revisionStart(
  deps: QuoteDeps,
  order: OrderRow,
  doc: ValidOrderBody,
  priced: PricedStart,
  sent: QuoteRow,
): Promise<RevisionStart | null> {
  const pricedVersion = sent.order_version ?? 1;
  const earlier =
    pricedVersion === order.version
      ? doc
      : (await versionDocuments(deps.db, [{ orderId: order.id, number: pricedVersion }])).get(order.id);
  const before = earlier ? await pricedStart(deps, order, earlier) : null;
  if (!before || before.priceListVersion !== priced.priceListVersion) return null;
  const quote = fromJson(sent.document!);
  return {
    priceListVersion: priced.priceListVersion,
    fromVersion: sent.version,
    fromStatus: sent.status as RevisionStart['fromStatus'],
    lines: reviseQuoteLines(quote.lines, before.lines, priced.lines),
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
    graphicAspect: await graphicAspects(deps.db, order.id, doc),
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
    // A Quebec shop's documents print the French (shared/quote.ts, lineDescription): the price list says it.
    ...(deps.shopProvince === 'QC' && lang !== 'fr' ? { descriptionFr: line.description.fr } : {}),
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
  text.replace(/: priced on your quote$/, '').replace(/[\u00a0 ]: prix dans votre soumission$/, '');

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
  const language = doc.language === 'fr' ? 'fr' : 'en';
  const changedVersion = current && order.version > (current.order_version ?? 1) ? order.version : null;
  // Who made the version the page shows: the page says "you changed" or "the shop changed".
  const changedBy =
    changedVersion === null
      ? null
      : (
            await deps.db
              .selectFrom('order_versions')
              .select('author_kind')
              .where('order_id', '=', order.id)
              .where('number', '=', changedVersion)
              .executeTakeFirst()
          )?.author_kind === 'customer'
        ? 'customer'
        : 'shop';
  return {
    reference: order.reference,
    language,
    // The confirmation's record, until a quote replaces it (docs/decisions/018-a-record-in-the-confirmation.md).
    record: quote ? null : recordInBoth(doc, order.estimate ? fromJson(order.estimate) : null),
    createdAt: order.created_at,
    timeZone: deps.books.timeZone,
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
    changedVersion,
    changedBy,
    floor:
      deps.floor && ['approved', 'in_production', 'ready'].includes(order.status) ? await deps.floor(order.id) : [],
    version: order.version,
  };
}

/** True when the order's latest sent version is approved: the quote production may start from. */
export async function hasApprovedQuote(
  db: Kysely<Database> | Transaction<Database>,
  orderId: string,
): Promise<boolean> {
  return (await currentQuote(db, orderId))?.status === 'approved';
}
