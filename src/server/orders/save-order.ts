// The moment an order becomes the shop's: files moved into place and flushed, then one
// database transaction for the order, its attachments and its idempotency key.
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { missingBillingFields, normaliseProvince, REQUIRED_BILLING_FIELDS, type ValidOrderBody } from '../../shared/order-schema.js';
import type { SubmitOrderSuccess } from '../../shared/order.js';
import { AppError } from '../errors.js';
import type { FileStore, Staging } from '../storage/files.js';
import { completeKey } from '../storage/idempotency.js';
import { insertOrder, isUniqueViolation, makeReference, searchText } from '../storage/orders.js';
import type { Database } from '../storage/schema.js';
import { planAttachments } from './attachments.js';
import type { ComposedMail, OrderForMail } from '../mail/compose.js';
import { enqueueMails, mailRows } from '../mail/queue.js';

/** Checks what zod cannot: layout 1 exists and carries the billing fields the form requires. */
export function checkOrderComplete(body: ValidOrderBody): void {
  const first = body.layouts['1'];
  if (!first) {
    throw new AppError(422, 'missing_layout', 'The order has no layout 1, which carries billing, shipping and the deadline.');
  }
  const missing = missingBillingFields(first.billing);
  if (missing.length > 0) {
    throw new AppError(
      422,
      'missing_fields',
      `Please fill in the required billing fields: ${missing.map((f) => REQUIRED_BILLING_FIELDS[f]).join(', ')}.`,
      missing.map((f) => `billing.${f}`),
    );
  }
}

export interface SaveOrderDeps {
  db: Kysely<Database>;
  files: FileStore;
  /** The notifications of a new order, queued in the order's own transaction. */
  composeMails?: (order: OrderForMail) => ComposedMail[];
}

export async function saveOrder(
  deps: SaveOrderDeps,
  body: ValidOrderBody,
  staging: Staging,
  idempotency: { key: string; owner: string } | null,
): Promise<SubmitOrderSuccess> {
  checkOrderComplete(body);
  const { document, attachments } = await planAttachments(body, staging);
  const first = document.layouts['1']!;
  const billing = first.billing!;
  billing.province = normaliseProvince(billing.province) ?? billing.province;
  if (first.shipping?.province) first.shipping.province = normaliseProvince(first.shipping.province) ?? first.shipping.province;

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
              document: JSON.stringify(document),
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
            const mails = deps.composeMails({
              id: orderId,
              reference: result.reference,
              createdAt,
              status: 'new',
              document,
              attachments: attachments.map((a) => ({ name: a.name, size: a.staged.size })),
            });
            await enqueueMails(trx, mailRows(orderId, mails));
          }
          if (idempotency) await completeKey(trx, idempotency.key, idempotency.owner, 201, result);
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
