// The moment an order becomes the shop's: files moved into place and flushed, then one
// database transaction for the order, its attachments, the uploads it adopts and its
// idempotency key.
import { randomUUID } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import { provinceCodeOf } from '../../shared/order-details.js';
import type { z } from 'zod';
import {
  describeIssues,
  describeIssuesFr,
  issueFields,
  missingBillingFields,
  REQUIRED_BILLING_FIELDS,
  REQUIRED_BILLING_FIELDS_FR,
  type ValidOrderBody,
} from '../../shared/order-schema.js';
import type { SubmitOrderSuccess } from '../../shared/order.js';
import { DomainError } from '../errors.js';
import type { FileStore, Staging } from '../files/file-store.js';
import { completeKey } from './idempotency.js';
import { insertOrder, isUniqueViolation, makeReference, searchText } from '../storage/orders.js';
import { yieldToLoop } from '../yield-to-loop.js';
import type { Database } from '../storage/schema.js';
import { planAttachments } from './attachments.js';
import type { ComposedMail, Confirmation, OrderForMail } from '../mail/compose.js';
import { customerMailsSince, enqueueMails, mailRows } from '../storage/mail-queue.js';
import { markFormTokenUsed } from './form-tokens.js';
import { adoptUploads } from '../uploads/index.js';
import type { FormToken } from '../http/bot-checks.js';
import type { SeenEstimate } from '../../shared/price-list-api.js';
import { toJson } from '../storage/json.js';
import { mintOrderLink } from '../storage/order-links.js';
import { reorderPricing, type ReorderOf } from '../portal/index.js';
import type { PricingContext } from '../../shared/prices/price-order.js';

/** An order body the schema refused: its fields named, in English and French. */
export const invalidOrder = (error: z.ZodError) =>
  new DomainError('invalid', 'invalid_order', describeIssues(error), issueFields(error), {
    messageFr: describeIssuesFr(error),
  });

/** Checks what zod cannot: layout 1 exists and carries the billing fields the form requires. */
export function checkOrderComplete(body: ValidOrderBody): void {
  const first = body.layouts['1'];
  if (!first) {
    throw new DomainError(
      'invalid',
      'missing_layout',
      'The order has no layout 1, which carries billing, shipping and the deadline.',
      undefined,
      {
        messageFr: 'La commande n’a pas de disposition 1, qui porte la facturation, la livraison et l’échéance.',
      },
    );
  }
  const missing = missingBillingFields(first.billing);
  if (missing.length > 0) {
    throw new DomainError(
      'invalid',
      'missing_fields',
      `Please fill in the required billing fields: ${missing.map((f) => REQUIRED_BILLING_FIELDS[f]).join(', ')}.`,
      missing.map((f) => `billing.${f}`),
      {
        messageFr: `Veuillez remplir les champs de facturation obligatoires\u202f: ${missing.map((f) => REQUIRED_BILLING_FIELDS_FR[f]).join(', ')}.`,
      },
    );
  }
}

export interface SaveOrderDeps {
  db: Kysely<Database>;
  files: FileStore;
  /** The notifications of a new order, queued in the order's own transaction. */
  composeMails?: (order: OrderForMail) => ComposedMail[];
  /** Caps on customer confirmations, counted in the database (every process sees them). */
  confirmationCaps?: { perAddressPerDay: number; perHour: number; perClientPerHour: number };
  /** The estimate the form showed for this order, recomputed here (prices/estimate.ts). */
  estimateOf?: (
    body: ValidOrderBody,
    context?: { reorder?: PricingContext['reorder'] },
  ) => Promise<SeenEstimate | null>;
  /**
   * A team's size collections the order names (collections/, docs/collections.md): `take` checks
   * them and writes their final entries into the document (never the browser's), `tie` makes
   * them the order's in its transaction. Without it, a named collection is refused.
   */
  teamSizes?: TeamSizesAtSubmission;
}

export interface TeamSizesAtSubmission {
  /** Checks the named collections and writes their entries; answers what ties them to the order in its transaction. */
  take: (document: ValidOrderBody) => Promise<((trx: Transaction<Database>, orderId: string) => Promise<void>) | null>;
}

/** How the order arrived: its form token (marked used in the same transaction), or none. */
export interface Submission {
  formToken: FormToken | null;
  /** The submitting address, hashed (clientKeyOf): confirmations are capped per sender too. */
  clientKey?: string | null;
  /** A test order placed by staff (the owner's checklist): it mails no customer (storage/mail-queue.ts) and takes no invoice number. */
  test?: boolean;
  /** The key as stored (scoped to the caller), and the SHA-256 of the order it answers. */
  idempotency: { key: string; owner: string; requestHash: string | null } | null;
  /** Resumable uploads already copied into the staging, marked as this order's in its transaction. */
  uploadIds?: string[];
  /** The past order this one repeats ("Order again"), its reused files already staged. */
  reorderOf?: ReorderOf | null;
}

const HOUR = 60 * 60 * 1000;

/** Whether this order's customer may get a confirmation: never without a form token, then the caps. */
async function decideConfirmation(
  trx: Kysely<Database>,
  caps: SaveOrderDeps['confirmationCaps'],
  formToken: FormToken | null,
  email: string,
  clientKey: string | null,
): Promise<Confirmation> {
  if (!formToken) return 'no_form_token';
  if (!caps) return 'send';
  const now = Date.now();
  const lastDay = new Date(now - 24 * HOUR);
  if ((await customerMailsSince(trx, lastDay, { recipient: email })) >= caps.perAddressPerDay) return 'address_cap';
  // One sender's share of the hourly cap: a few addresses cannot use it up for everyone.
  if (clientKey && (await customerMailsSince(trx, new Date(now - HOUR), { clientKey })) >= caps.perClientPerHour) {
    return 'client_cap';
  }
  if ((await customerMailsSince(trx, new Date(now - HOUR))) >= caps.perHour) return 'hourly_cap';
  return 'send';
}

/** The team collections the order names, taken; a server without them refuses one named. */
async function takeTeamSizes(teamSizes: TeamSizesAtSubmission | undefined, document: ValidOrderBody) {
  if (teamSizes) return teamSizes.take(document);
  const named = Object.keys(document.layouts).find((key) => document.layouts[key]!.teamCollection);
  if (named) {
    throw new DomainError(
      'invalid',
      'team_collection_unknown',
      'Team size collections are not taken here.',
      [`layouts.${named}.teamCollection`],
      { messageFr: 'Les collectes de tailles d’équipe ne sont pas acceptées ici.' },
    );
  }
  return null;
}

export async function saveOrder(
  deps: SaveOrderDeps,
  body: ValidOrderBody,
  staging: Staging,
  submission: Submission,
): Promise<SubmitOrderSuccess> {
  const { idempotency, formToken } = submission;
  checkOrderComplete(body);
  const { document, attachments } = await planAttachments(body, staging);
  // The uploads' URLs were only the way the files came: the stored order names attachments.
  delete (document as Partial<ValidOrderBody>).uploads;
  delete (document as Partial<ValidOrderBody>).reorder;
  const reorderOf = submission.reorderOf ?? null;
  // Before pricing: a team's closed entries decide the sizes the order is priced on.
  const tieTeamSizes = await takeTeamSizes(deps.teamSizes, document);
  // Each long step of a large order in a step of its own, so others are served between them.
  await yieldToLoop();
  // Priced before the transaction: pure work on what was submitted, never on what the browser showed.
  const estimate = deps.estimateOf
    ? await deps
        .estimateOf(document, reorderOf ? { reorder: reorderPricing(reorderOf, attachments) } : undefined)
        .catch(() => null)
    : null;
  await yieldToLoop();
  const first = document.layouts['1']!;
  const billing = first.billing!;
  billing.province = provinceCodeOf(billing.province) ?? billing.province;
  if (first.shipping?.province)
    first.shipping.province = provinceCodeOf(first.shipping.province) ?? first.shipping.province;

  const stored = toJson(document);
  await yieldToLoop();
  const orderId = randomUUID();
  const keys = await staging.moveInto(orderId);
  const createdAt = new Date().toISOString();
  try {
    for (let attempt = 1; ; attempt++) {
      const result: SubmitOrderSuccess = { orderId, reference: makeReference() };
      const customer = {
        reference: result.reference,
        customer_name: `${billing.firstName} ${billing.lastName}`.trim(),
        customer_email: billing.email,
        company_name: billing.companyName,
      };
      try {
        await deps.db.transaction().execute(async (trx) => {
          if (formToken) await markFormTokenUsed(trx, formToken.id, formToken.expiresAt);
          await insertOrder(
            trx,
            {
              id: orderId,
              ...customer,
              search_text: searchText(customer),
              created_at: createdAt,
              status: 'new',
              is_resale_partner: document.isResalePartner ? 1 : 0,
              include_poly_bags: document.includePolyBags ? 1 : 0,
              has_critical_deadline: first.deadline?.hasCriticalDeadline ? 1 : 0,
              deadline_date: first.deadline?.hasCriticalDeadline && first.deadline.date ? first.deadline.date : null,
              layout_count: Object.keys(document.layouts).length,
              attachment_count: attachments.length,
              total_bytes: attachments.reduce((sum, a) => sum + a.staged.size, 0),
              document: stored,
              client_key: submission.clientKey ?? null,
              estimate: estimate ? toJson(estimate) : null,
              is_test: submission.test ? 1 : 0,
              reorder_of: reorderOf?.orderId ?? null,
              reorder_of_reference: reorderOf?.reference ?? null,
            },
            attachments.map((a, position) => ({
              id: a.staged.id,
              order_id: orderId,
              position,
              name: a.name,
              media_type: a.staged.mediaType.slice(0, 200) || 'application/octet-stream',
              size: a.staged.size,
              sha256: a.staged.sha256,
              storage_key: keys.get(a.staged.id)!,
              layout_number: a.layout,
              role: a.role,
              view: a.view,
            })),
          );
          if (deps.composeMails) {
            const confirmation = await decideConfirmation(
              trx,
              deps.confirmationCaps,
              formToken,
              billing.email,
              submission.clientKey ?? null,
            );
            const mails = deps.composeMails({
              id: orderId,
              reference: result.reference,
              createdAt,
              status: 'new',
              document,
              attachments: attachments.map((a) => ({ name: a.name, size: a.staged.size })),
              estimate,
              confirmation,
              // A link only in a confirmation that goes (docs/decisions/018-a-record-in-the-confirmation.md).
              linkToken: confirmation === 'send' ? await mintOrderLink(trx, orderId) : null,
            });
            await enqueueMails(trx, mailRows(orderId, mails, new Date(), submission.clientKey ?? null));
          }
          if (tieTeamSizes) await tieTeamSizes(trx, orderId);
          await adoptUploads(trx, orderId, submission.uploadIds ?? []);
          if (idempotency)
            await completeKey(trx, idempotency.key, idempotency.owner, 201, result, idempotency.requestHash);
        });
        return result;
      } catch (err) {
        // A reference collision (one in a trillion per pair): draw another.
        if (isUniqueViolation(err) && attempt < 5) continue;
        throw err;
      }
    }
  } catch (err) {
    await deps.files.removeOrderFiles(orderId).catch(() => {});
    throw err;
  }
}
