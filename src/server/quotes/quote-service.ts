// Quotes from the clerk's lines to the version the customer answers. Amounts are always computed
// here from the lines (shared/quote.ts), never taken from a browser; a sent version is frozen with
// the SHA-256 of its canonical text (docs/product.md, "Quotes, proofs and approval"). What the
// editor and the customer's page read is quote-views.ts; the customer's answer, quote-answers.ts.
import { createHash, randomUUID } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import type { OrderStatus } from '../../shared/constants.js';
import {
  computeQuote,
  placeOfSupply,
  quoteVersion,
  serialiseQuoteVersion,
  type ComputedQuote,
  type QuoteLineInput,
} from '../../shared/quote.js';
import type { FloorDecoration, Registration, SendQuoteBody } from '../../shared/quote-api.js';
import type { TaxExemption } from '../../shared/tax-treatment.js';
import { DomainError, noSuchOrder } from '../errors.js';

import { composeQuoteSentMail, composeReadyMail } from './quote-mail.js';
import type { ComposedMail, ShopIdentity } from '../mail/compose.js';
import { enqueueMails, mailRows } from '../storage/mail-queue.js';
import { isUniqueViolation, lockOrder as lockOrderRow, recordStatus } from '../storage/orders.js';
import {
  deleteDraft,
  deleteProof,
  draftIdOf,
  findProof,
  insertQuote,
  nextVersion,
  proofsOfOrder,
  quotesOfOrder,
  supersede,
  updateDraft,
} from './quote-store.js';
import { mintOrderLink } from '../storage/order-links.js';
import type { Dialect } from '../storage/db.js';
import { findPriceList, type PublishedPriceList } from '../prices/index.js';
import type { TaxRegistrations } from '../../shared/taxes.js';
import type { Database, OrderRow, StoredQuoteLines } from '../storage/schema.js';
import type { Seller } from '../../shared/invoices/invoice-api.js';
import { howToPay, payOnlineOf, payPageUrl, readTerms, todayOf, type Books } from '../invoices/index.js';
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
  /** The shop's logo in force as PNG bytes, on each PDF as it is made (settings/document-logo.ts). */
  logo?: (db: Kysely<Database>) => Promise<Buffer | null>;
  /** The shop's calendar, fiscal year and province (invoices/accounts.ts). */
  books: Books;
  /** The card payment provider, when its keys are set (payments/, docs/payments.md). */
  provider?: PaymentProvider | null;
  /** True when `provider` is set: the terms may offer a Pay button. */
  cardPayments?: boolean;
  /** Each decoration's stage once the order is a job (production/ `floorOfOrder`), for its page. */
  floor?: (orderId: string) => Promise<FloorDecoration[]>;
}

import type { PaymentProvider } from '../payments/index.js';

export const documentOf = (order: OrderRow) => fromJson(order.document);

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
      {
        messageFr:
          'La commande ne nomme aucune province de livraison, ses taxes ne peuvent donc pas être calculées. Demandez au client sa province de livraison.',
      },
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
      { messageFr: result.errors.map((e) => e.messageFr).join(' ') },
    );
  }
  return result.quote;
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** The version must exist to be recorded on a quote. */
async function checkedPriceListVersion(deps: QuoteDeps, version: number | undefined): Promise<number | null> {
  if (version === undefined) return null;
  if (!(await findPriceList(deps.db, version))) {
    throw new DomainError(
      'invalid',
      'unknown_price_list',
      `There is no price list v${version}.`,
      ['priceListVersion'],
      {
        messageFr: `Il n’y a pas de liste de prix v${version}.`,
      },
    );
  }
  return version;
}

export async function lockOrder(deps: QuoteDeps, trx: Transaction<Database>, orderId: string): Promise<OrderRow> {
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
    if (!proof)
      throw new DomainError('not_found', 'not_found', 'No such proof.', undefined, {
        messageFr: 'Cette épreuve n’existe pas.',
      });
    const sentWith = (await quotesOfOrder(trx, orderId)).find(
      (q) => q.status !== 'draft' && (fromJson(q.lines).proofIds ?? []).includes(proofId),
    );
    if (sentWith) {
      throw new DomainError(
        'conflict',
        'proof_sent',
        `This proof went to the customer with quote v${sentWith.version}, so it is kept. Upload the corrected proof and send a new version.`,
        undefined,
        {
          messageFr: `Cette épreuve est partie chez le client avec la soumission v${sentWith.version}, elle est donc conservée. Téléversez l’épreuve corrigée et envoyez une nouvelle version.`,
        },
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
function stripTotal({
  description,
  descriptionFr,
  quantity,
  unitPriceCents,
  taxable,
  notTaxed,
  childrens,
}: QuoteLineInput) {
  return {
    description,
    ...(descriptionFr !== undefined ? { descriptionFr } : {}),
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
        // The order version these lines priced: approving it makes that version what is made.
        order_version: order.version,
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
        undefined,
        { messageFr: 'Une autre soumission de cette commande a été envoyée au même moment. Rechargez la commande.' },
      );
    throw err;
  }
}

/**
 * The emails a move sends the customer: today, Ready (a sent quote has its own email), with
 * what the account asks now and how to pay it. `token` is the new link to their page; the
 * status preview passes a placeholder, so the clerk reads the email before it goes.
 */
export async function statusMails(
  deps: Pick<QuoteDeps, 'shop' | 'seller' | 'db' | 'books' | 'cardPayments'>,
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
  // The card comes first when the owner takes this amount by card, saying what its Pay button
  // charges (docs/payments.md), as the invoice mail does.
  const terms = account && account.dueNowCents > 0 ? await readTerms(db, deps.shop.shopEmail) : null;
  const charge = terms && account ? payOnlineOf(deps, terms, account, order) : null;
  const payment =
    terms && account
      ? {
          headline: accountHeadline(account, lang),
          howToPay: howToPay(
            terms,
            order,
            deps.seller,
            account.dueNowCents,
            lang,
            charge ? { url: payPageUrl(deps.shop.publicUrl, token), charge } : undefined,
          ),
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
  deps: Pick<QuoteDeps, 'shop' | 'seller' | 'db' | 'books' | 'cardPayments'>,
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
