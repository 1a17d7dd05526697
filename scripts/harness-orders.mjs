// Orders for the crash and fault harnesses: each with its own idempotency key and one or more
// files of random bytes (which no compression or cache can shortcut), sent as our form sends them;
// and what both check once their run is over.
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

const sha = (b) => createHash('sha256').update(b).digest('hex');

/**
 * @param {number} n the order's number in the run (it names the customer and the files)
 * @param {{ who: string, files: number, minBytes: number, maxBytes: number }} shape
 */
export function makeHarnessOrder(n, { who, files: count, minBytes, maxBytes }) {
  const files = Array.from({ length: count }, (_, i) => ({
    name: `art-${n}-${i}.bin`,
    data: randomBytes(Math.floor(minBytes + Math.random() * (maxBytes - minBytes))),
  }));
  const order = {
    layouts: {
      1: {
        mockupOption: 'upload',
        garmentOption: 'pick',
        files: files.map((f) => ({ name: f.name, type: 'application/octet-stream', role: 'mockup' })),
        billing: {
          firstName: who,
          lastName: `Test ${n}`,
          address: '1 Main St',
          city: 'Halifax',
          province: 'NS',
          postalCode: 'B3H 1A1',
          phone: '902-555-0100',
          email: `${who.toLowerCase()}${n}@example.com`,
        },
      },
    },
    isResalePartner: false,
    includePolyBags: false,
  };
  return { key: randomUUID(), order, files };
}

/** The multipart body of an order: the `order` part, then one `files` part per file. */
export function formOf({ order, files }) {
  const form = new FormData();
  form.append('order', JSON.stringify(order));
  for (const f of files) form.append('files', new Blob([f.data], { type: 'application/octet-stream' }), f.name);
  return form;
}

/**
 * Every acknowledged order stored whole (else it counts as lost: missing, a file missing or
 * damaged, or not the file sent), no stored order with a file missing or damaged (partial),
 * and what is left in staging or in folders of files whose order is not stored.
 * @param {{
 *   query: (sql: string, params?: unknown[]) => Promise<any[]>,
 *   dataDir: string,
 *   acked: Map<unknown, { result: { orderId: string }, files: { name: string, data: Buffer }[] }>,
 * }} run the database as the harness reads it, the server's DATA_DIR, the orders it acknowledged
 */
export async function verifyStored({ query, dataDir, acked }) {
  const orders = await query('select id from orders');
  const ids = new Set(orders.map((o) => o.id));
  let lost = 0;
  let partial = 0;
  for (const a of acked.values()) {
    if (!ids.has(a.result.orderId)) {
      lost++;
      continue;
    }
    const rows = await query('select name, sha256, storage_key from attachments where order_id = ? order by position', [
      a.result.orderId,
    ]);
    const ok =
      rows.length === a.files.length &&
      rows.every((r, i) => {
        const f = path.join(dataDir, 'files', r.storage_key);
        return (
          r.name === a.files[i].name &&
          r.sha256 === sha(a.files[i].data) &&
          fs.existsSync(f) &&
          sha(fs.readFileSync(f)) === r.sha256
        );
      });
    if (!ok) lost++;
  }
  for (const o of orders) {
    const rows = await query('select sha256, storage_key from attachments where order_id = ?', [o.id]);
    if (
      rows.some((r) => {
        const f = path.join(dataDir, 'files', r.storage_key);
        return !fs.existsSync(f) || sha(fs.readFileSync(f)) !== r.sha256;
      })
    )
      partial++;
  }
  return {
    orders: orders.length,
    lost,
    partial,
    leftoverTmp: fs.readdirSync(path.join(dataDir, 'tmp')).length,
    orphanFolders: fs.readdirSync(path.join(dataDir, 'files')).filter((d) => !ids.has(d)).length,
  };
}
