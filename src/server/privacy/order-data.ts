// Access and deletion requests (PIPEDA) for one order, the same for the command line
// (`npm run orders`), the inbox and retention: everything stored about the order as one ZIP,
// and its deletion everywhere it lives (rows, files, outbox copies) with an audit line.
import type { Readable } from 'node:stream';
import type { Kysely } from 'kysely';
import yazl from 'yazl';
import { archiveEntryName, uniqueName } from '../../shared/attachment-names.js';
import { DomainError, noSuchOrder } from '../errors.js';
import type { FileStore } from '../files/file-store.js';
import { removeOutboxCopies } from '../mail/outbox.js';
import { findOrder, findOrderByReference } from '../storage/orders.js';
import { deleteOrderRows, orderRecords } from './privacy-store.js';
import type { Database, OrderRow } from '../storage/schema.js';

export const EXPORT_JSON_NAME = 'order.json';

/** An order by its id or its reference (as a customer quotes it: any case, spaces around). */
export async function findOrderForRequest(db: Kysely<Database>, idOrReference: string): Promise<OrderRow> {
  const key = idOrReference.trim();
  const order = /^[0-9a-f-]{36}$/i.test(key)
    ? await findOrder(db, key.toLowerCase())
    : await findOrderByReference(db, key.toUpperCase());
  if (!order)
    throw new DomainError('not_found', 'not_found', `No order ${key}.`, undefined, {
      messageFr: `Aucune commande ${key}.`,
    });
  return order;
}

/**
 * The order's data as a ZIP stream: order.json (the order's fields, the document as received,
 * the files' details with their names in the archive and what the server measured in them,
 * the status history, the mail sent about it without bodies, every version of the order) and every file under its own name.
 */
export async function exportOrder(
  db: Kysely<Database>,
  files: FileStore,
  orderId: string,
): Promise<{ reference: string; stream: Readable }> {
  const records = await orderRecords(db, orderId);
  if (!records) throw noSuchOrder();
  const {
    order,
    attachments,
    artwork,
    history,
    mails,
    quotes,
    quoteAnswers,
    proofs,
    messages,
    messageFiles,
    versions,
  } = records;
  const measured = new Map(
    artwork.map(({ attachment_id, order_id: _o, claimed_until: _c, ...m }) => [attachment_id, m]),
  );
  const { document, search_text: _search, ...fields } = order;
  const taken = new Set([EXPORT_JSON_NAME]);
  const entries = attachments.map((a) => {
    const name = uniqueName(archiveEntryName(a.name), taken);
    taken.add(name.toLowerCase());
    return { attachment: a, name };
  });
  // The messages' files, under messages/ in the archive.
  const messageEntries = messageFiles.map((f) => {
    const name = uniqueName(`messages/${archiveEntryName(f.name)}`, taken);
    taken.add(name.toLowerCase());
    return { file: f, name };
  });
  const data = {
    exportedAt: new Date().toISOString(),
    order: {
      ...fields,
      is_resale_partner: fields.is_resale_partner === 1,
      include_poly_bags: fields.include_poly_bags === 1,
      has_critical_deadline: fields.has_critical_deadline === 1,
    },
    document: JSON.parse(document) as unknown,
    /** Every version of the order: 1 as the customer sent it, then each change with who, when and why. */
    versions: versions.map(({ document: text, estimate, ...v }) => ({
      ...v,
      document: JSON.parse(text) as unknown,
      estimate: estimate ? (JSON.parse(estimate) as unknown) : null,
    })),
    attachments: entries.map(({ attachment: a, name }) => ({
      id: a.id,
      name: a.name,
      fileInArchive: name,
      mediaType: a.media_type,
      size: a.size,
      sha256: a.sha256,
      layout: a.layout_number,
      role: a.role,
      view: a.view,
      /** What the server measured in the file (format, size in pixels or points…), if it did. */
      measured: measured.get(a.id) ?? null,
    })),
    statusHistory: history,
    mails,
    /** Each quote version sent, as the customer saw it, and their answers with what was recorded. */
    quotes: quotes.map(({ document: text, ...q }) => ({
      ...q,
      version: q.version,
      quote: text ? (JSON.parse(text) as unknown) : null,
    })),
    quoteAnswers,
    proofs,
    /** The messages on the order, both sides', each with its files' details and names in the archive. */
    messages: messages.map((m) => ({
      ...m,
      files: messageEntries
        .filter(({ file }) => file.message_id === m.id)
        .map(({ file: { storage_key: _k, message_id: _m, ...f }, name }) => ({ ...f, fileInArchive: name })),
    })),
  };
  const zip = new yazl.ZipFile();
  zip.addBuffer(Buffer.from(`${JSON.stringify(data, null, 2)}\n`), EXPORT_JSON_NAME);
  const stored = [
    ...entries.map(({ attachment: a, name }) => ({ name, size: a.size, key: a.storage_key })),
    ...messageEntries.map(({ file: f, name }) => ({ name, size: Number(f.size), key: f.storage_key })),
  ];
  for (const { name, size, key } of stored) {
    // Opened when its turn comes; stored, not deflated (artwork is mostly compressed already).
    zip.addReadStreamLazy(name, { compress: false, size }, (done) => {
      files.open(key).then(
        ({ stream }) => done(null, stream),
        (err: Error) => done(err, undefined as never),
      );
    });
  }
  zip.end();
  return { reference: order.reference, stream: zip.outputStream as Readable };
}

/**
 * Deletes the order everywhere: its rows and the idempotency answers naming it (with an
 * audit line: action, reference, actor, time), then its files and the outbox copies of its
 * mail. False when it was already gone. A crash between the two leaves files that the
 * start-up sweep (files) and housekeeping (outbox) remove, since no order claims them.
 */
export async function deleteOrder(
  db: Kysely<Database>,
  files: FileStore,
  outboxDir: string,
  orderId: string,
  actor: string,
): Promise<boolean> {
  const deleted = await deleteOrderRows(db, orderId, actor);
  // Removed even when another process deleted the rows first: it may have died since.
  await files.removeOrderFiles(orderId);
  await removeOutboxCopies(outboxDir, orderId);
  return deleted !== undefined;
}
