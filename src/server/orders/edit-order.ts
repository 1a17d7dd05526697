// The shop changes an order (docs/product.md, "Changing an order"): the order as the clerk edited
// it is checked with the same schema as a submission, its estimate made again, and saved as the
// next version with who and why, in one transaction; a quote sent or approved for the version
// before is withdrawn and the order goes back to New for a new quote. Nothing is saved when any
// of it is refused.
import type { Kysely } from 'kysely';
import { orderBodySchema, type ValidOrderBody } from '../../shared/order-schema.js';
import type { SeenEstimate } from '../../shared/price-list-api.js';
import { DomainError, noSuchOrder } from '../errors.js';
import { withdrawQuotes } from '../quotes/index.js';
import type { Dialect } from '../storage/db.js';
import { saveOrderVersion } from '../storage/order-versions.js';
import { findOrder, listAttachments, lockOrder, recordStatus } from '../storage/orders.js';
import type { Database, OrderRow, OrderVersionAuthor } from '../storage/schema.js';
import { checkOrderComplete, invalidOrder } from './save-order.js';

export interface EditOrderDeps {
  db: Kysely<Database>;
  dialect: Dialect;
  /** The order's estimate made again from the changed document (prices/, as at submission). */
  estimateOf: (order: OrderRow, document: ValidOrderBody) => Promise<SeenEstimate | null>;
}

export interface OrderEdit {
  /** The whole order as it should now be (the submission's shape, files by their stored names). */
  document: unknown;
  /** Why, in the editor's words: shown in the history. */
  reason: string;
  /** The version the editor started from: a change made meanwhile is not overwritten. */
  baseVersion: number;
}

export const MAX_EDIT_REASON_CHARS = 1000;

/** Every file name the document refers to: each must be one of the order's stored files. */
function fileNamesOf(doc: ValidOrderBody): string[] {
  const names: string[] = [];
  const walk = (value: unknown, key: string) => {
    if (typeof value === 'string') {
      if ((key === 'image' || key === 'mockupImages') && value !== '') names.push(value);
    } else if (Array.isArray(value)) value.forEach((v) => walk(v, key));
    else if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) walk(v, k);
  };
  walk(doc, '');
  return names;
}

/** The checked document, or the refusal naming every field at fault. */
async function checked(deps: EditOrderDeps, order: OrderRow, edit: OrderEdit): Promise<ValidOrderBody> {
  const reason = edit.reason.normalize('NFC').trim();
  if (reason.length === 0 || reason.length > MAX_EDIT_REASON_CHARS) {
    throw new DomainError(
      'invalid',
      'reason_required',
      `Say why the order changes (at most ${MAX_EDIT_REASON_CHARS} characters).`,
      ['reason'],
      { messageFr: `Dites pourquoi la commande change (au plus ${MAX_EDIT_REASON_CHARS} caractères).` },
    );
  }
  const parsed = orderBodySchema.safeParse(edit.document);
  if (!parsed.success) {
    throw invalidOrder(parsed.error);
  }
  checkOrderComplete(parsed.data);
  const stored = new Set((await listAttachments(deps.db, order.id)).map((a) => a.name));
  const unknown = fileNamesOf(parsed.data).filter((n) => !stored.has(n));
  if (unknown.length > 0) {
    throw new DomainError(
      'invalid',
      'unknown_file',
      `An edit only names the order's own files; these are not among them: ${unknown.slice(0, 3).join(', ')}.`,
      undefined,
      {
        messageFr: `Une modification ne nomme que les fichiers de la commande\u00a0; ceux-ci n’en sont pas\u00a0: ${unknown.slice(0, 3).join(', ')}.`,
      },
    );
  }
  if (order.status === 'completed' || order.status === 'cancelled') {
    throw new DomainError('conflict', 'order_closed', 'A completed or cancelled order is not changed.', undefined, {
      messageFr: 'Une commande terminée ou annulée ne se modifie plus.',
    });
  }
  return parsed.data;
}

/**
 * Saves the edit as the order's next version; returns its number and the order's status after.
 * `author` is the staff member's email for a staff edit (authorKind 'staff'), null for the customer.
 */
export async function editOrder(
  deps: EditOrderDeps,
  orderId: string,
  edit: OrderEdit,
  by: {
    kind: OrderVersionAuthor;
    author: string | null;
    historyBy: string;
    /** The customer's own change: only before approval (New or Quoted), checked under the order's lock. */
    beforeApproval?: boolean;
  },
): Promise<{ version: number; status: OrderRow['status'] }> {
  const order = await findOrder(deps.db, orderId);
  if (!order) throw noSuchOrder();
  const document = await checked(deps, order, edit);
  // Worked out before the transaction (pricing reads the price list and the artwork).
  const estimate = await deps.estimateOf(order, document).catch(() => null);
  return deps.db.transaction().execute(async (trx) => {
    const locked = await lockOrder(trx, deps.dialect, orderId);
    if (!locked) throw noSuchOrder();
    if (by.beforeApproval && locked.status !== 'new' && locked.status !== 'quoted') {
      throw new DomainError(
        'conflict',
        'order_approved',
        'This order is approved and being made: ask the shop for a change in a message.',
        undefined,
        {
          messageFr:
            'Cette commande est approuvée et en préparation : demandez un changement à la boutique dans un message.',
        },
      );
    }
    if (locked.version !== edit.baseVersion) {
      throw new DomainError(
        'conflict',
        'order_changed_meanwhile',
        `The order was changed meanwhile (it is at version ${locked.version} now). Reload it and make your change again.`,
        undefined,
        {
          messageFr: `La commande a été modifiée entre-temps (elle est maintenant à la version ${locked.version}). Rechargez-la et refaites votre modification.`,
        },
      );
    }
    const version = await saveOrderVersion(trx, locked, {
      document,
      estimate,
      authorKind: by.kind,
      author: by.author,
      reason: edit.reason.normalize('NFC').trim(),
    });
    const withdrew = await withdrawQuotes(trx, orderId);
    const status = withdrew ? 'new' : locked.status;
    await recordStatus(trx, locked, status, by.historyBy, {
      kind: 'order_edited',
      version,
      reason: edit.reason.normalize('NFC').trim(),
      withdrew,
    });
    return { version, status };
  });
}
