// The shop's inbox API: every route needs a staff session (app.requireStaff).
import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import { randomUUID } from 'node:crypto';
import { stringify } from 'csv-stringify';
import contentDisposition from 'content-disposition';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { sql, type Kysely, type SelectQueryBuilder } from 'kysely';
import yazl from 'yazl';
import { z } from 'zod';
import { ORDER_STATUSES, statusLabel } from '../../shared/constants.js';
import type { OrderDetail, OrderList } from '../../shared/inbox-api.js';
import { AppError } from '../errors.js';
import { findOrder, listAttachments } from '../storage/orders.js';
import type { Database } from '../storage/schema.js';

const statusValues = ORDER_STATUSES.map((s) => s.value) as [string, ...string[]];

const listQuery = z.object({
  q: z.string().max(200).default(''),
  status: z.enum(['', ...statusValues]).default(''),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(25),
});

const idParam = z.object({ id: z.string().uuid() });
const fileParams = z.object({ id: z.string().uuid(), attachmentId: z.string().uuid() });

/** Files served to staff: always a download, never rendered, never sniffed. */
const DOWNLOAD_HEADERS = {
  'x-content-type-options': 'nosniff',
  'content-security-policy': "sandbox; default-src 'none'",
  'cache-control': 'private, no-store',
};

/** attachment; filename="ascii fallback"; filename*=UTF-8''… whenever the name is not plain ASCII. */
function disposition(name: string): string {
  return contentDisposition(name, { fallback: name.replace(/[^\x20-\x7e]/g, '_') });
}

function parse<T>(schema: z.ZodType<T>, value: unknown): T {
  const result = schema.safeParse(value);
  if (!result.success) throw new AppError(400, 'bad_request', 'The request is not valid.');
  return result.data;
}

type OrderQuery = SelectQueryBuilder<Database, 'orders', object>;

/** Search by reference, name, email or company (case-insensitive), and filter by status. */
export function filterOrders<Q extends OrderQuery>(query: Q, q: string, status: string): Q {
  let out = query;
  if (status) out = out.where('orders.status', '=', status) as Q;
  const term = q.trim().toLowerCase();
  if (term) {
    const pattern = `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    out = out.where(sql<boolean>`orders.search_text like ${pattern} escape '\\'`) as Q;
  }
  return out;
}

/** The mail state of each order: failed if any failed, else pending if any waits, else sent. */
async function mailStates(db: Kysely<Database>, orderIds: string[]): Promise<Map<string, string>> {
  const rank: Record<string, number> = { sent: 0, pending: 1, failed: 2 };
  const states = new Map<string, string>();
  if (orderIds.length === 0) return states;
  const rows = await db.selectFrom('mail_queue').select(['order_id', 'status']).where('order_id', 'in', orderIds).execute();
  for (const row of rows) {
    const current = states.get(row.order_id);
    if (current === undefined || rank[row.status]! > rank[current]!) states.set(row.order_id, row.status);
  }
  return states;
}

export async function inboxRoutes(app: FastifyInstance): Promise<void> {
  const db = app.db;
  app.addHook('preHandler', app.requireStaff);
  app.addHook('onSend', async (_request, reply) => {
    if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'private, no-store');
  });

  app.get('/api/orders', async (request) => {
    const { q, status, page, pageSize } = parse(listQuery, request.query);
    const base = filterOrders(db.selectFrom('orders') as OrderQuery, q, status);
    // One pass finds the page's ids and counts every match (a window over the matches). With
    // a search term it scans the narrow orders_search index and sorts the matches afterwards:
    // the expression keeps SQLite from walking the date index and testing every wide row
    // (60 ms down to 35 at 100,000 orders, bench/inbox-scale.mjs).
    const searching = q.trim() !== '';
    const countAll = async () => Number((await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
    const page_ = await base
      .select(searching ? ['orders.id', sql<number>`count(*) over ()`.as('total')] : ['orders.id', sql<number>`0`.as('total')])
      .orderBy(searching ? sql`orders.created_at || ''` : sql.ref('orders.created_at'), 'desc')
      .orderBy('orders.id', 'desc')
      .limit(pageSize)
      .offset((page - 1) * pageSize)
      .execute();
    const ids = page_.map((r) => r.id);
    // Without a search the date index gives the page at once and the count is cheap on its own.
    const total = !searching ? await countAll() : page_.length > 0 ? Number(page_[0]!.total) : page === 1 ? 0 : await countAll();
    const rows =
      ids.length === 0
        ? []
        : await db
            .selectFrom('orders')
            .select([
              'id',
              'reference',
              'created_at',
              'status',
              'customer_name',
              'customer_email',
              'company_name',
              'has_critical_deadline',
              'deadline_date',
              'layout_count',
              'attachment_count',
              'total_bytes',
            ])
            .where('id', 'in', ids)
            .orderBy('created_at', 'desc')
            .orderBy('id', 'desc')
            .execute();
    const mail = await mailStates(db, rows.map((r) => r.id));
    return {
      orders: rows.map((r) => ({ ...r, has_critical_deadline: r.has_critical_deadline === 1, mail_status: mail.get(r.id) ?? 'none' })),
      total,
      page,
      pageSize,
    } satisfies OrderList;
  });

  app.get('/api/orders/export.csv', async (request, reply) => {
    const { q, status } = parse(listQuery, request.query);
    const columns = ['Reference', 'Received', 'Status', 'Customer', 'Email', 'Company', 'Deadline', 'Rush', 'Layouts', 'Files', 'Total bytes', 'Resale partner', 'Poly bags'];
    const csv = stringify({
      header: true,
      columns,
      // A cell starting with = + - @ would be a formula in a spreadsheet: keep it text.
      cast: { string: (value) => (/^[=+\-@\t\r]/.test(value) ? `'${value}` : value) },
    });
    reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', disposition(`orders-${new Date().toISOString().slice(0, 10)}.csv`))
      .header('x-content-type-options', 'nosniff');
    void (async () => {
      try {
        // Keyset pages of 500: the export never holds the whole table.
        let after: { created_at: string; id: string } | null = null;
        for (;;) {
          let query = filterOrders(db.selectFrom('orders') as OrderQuery, q, status).selectAll();
          if (after) {
            const a: { created_at: string; id: string } = after;
            query = query.where((eb) => eb.or([eb('created_at', '<', a.created_at), eb.and([eb('created_at', '=', a.created_at), eb('id', '<', a.id)])]));
          }
          const rows = await query.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(500).execute();
          for (const r of rows) {
            const doc = JSON.parse(r.document) as { isResalePartner?: boolean; includePolyBags?: boolean };
            const ok = csv.write([
              r.reference,
              r.created_at,
              statusLabel(r.status),
              r.customer_name,
              r.customer_email,
              r.company_name,
              r.deadline_date ?? '',
              r.has_critical_deadline ? 'Yes' : 'No',
              r.layout_count,
              r.attachment_count,
              r.total_bytes,
              doc.isResalePartner ? 'Yes' : 'No',
              doc.includePolyBags ? 'Yes' : 'No',
            ]);
            if (!ok) await new Promise((resolve) => csv.once('drain', resolve));
          }
          if (rows.length < 500) break;
          after = { created_at: rows.at(-1)!.created_at, id: rows.at(-1)!.id };
        }
        csv.end();
      } catch (err) {
        csv.destroy(err as Error);
      }
    })();
    return reply.send(csv);
  });

  app.get('/api/orders/:id', async (request) => {
    const { id } = parse(idParam, request.params);
    const order = await findOrder(db, id);
    if (!order) throw new AppError(404, 'not_found', 'No such order.');
    const [attachments, history, mails] = await Promise.all([
      listAttachments(db, id),
      db.selectFrom('status_history').select(['from_status', 'to_status', 'changed_by', 'changed_at']).where('order_id', '=', id).orderBy('changed_at').execute(),
      db.selectFrom('mail_queue').select(['kind', 'recipient', 'status', 'attempts', 'last_error', 'sent_at', 'created_at']).where('order_id', '=', id).orderBy('kind').execute(),
    ]);
    const { document, ...row } = order;
    const { search_text: _search, ...summary } = row;
    return {
      order: { ...summary, has_critical_deadline: summary.has_critical_deadline === 1 },
      document: JSON.parse(document),
      attachments: attachments.map(({ storage_key: _key, ...a }) => a),
      history,
      mails,
    } satisfies OrderDetail;
  });

  const statusBody = z.object({ status: z.enum(statusValues) });
  app.patch('/api/orders/:id/status', async (request) => {
    const { id } = parse(idParam, request.params);
    const { status } = parse(statusBody, request.body);
    return db.transaction().execute(async (trx) => {
      const order = await trx.selectFrom('orders').select(['status']).where('id', '=', id).executeTakeFirst();
      if (!order) throw new AppError(404, 'not_found', 'No such order.');
      if (order.status !== status) {
        await trx.updateTable('orders').set({ status }).where('id', '=', id).execute();
        await trx
          .insertInto('status_history')
          .values({ id: randomUUID(), order_id: id, from_status: order.status, to_status: status, changed_by: request.staff!.email, changed_at: new Date().toISOString() })
          .execute();
      }
      return { status };
    });
  });

  async function attachmentOf(params: unknown) {
    const { id, attachmentId } = parse(fileParams, params);
    const a = await db.selectFrom('attachments').selectAll().where('id', '=', attachmentId).where('order_id', '=', id).executeTakeFirst();
    if (!a) throw new AppError(404, 'not_found', 'No such file.');
    return a;
  }

  app.get('/api/orders/:id/files/:attachmentId', async (request, reply) => {
    const a = await attachmentOf(request.params);
    const path = app.files.pathOf(a.storage_key);
    const { size } = await fs.stat(path);
    return reply
      .headers({ ...DOWNLOAD_HEADERS, 'content-type': 'application/octet-stream', 'content-disposition': disposition(a.name), 'content-length': String(size) })
      .send(createReadStream(path));
  });

  // Thumbnails: only files whose bytes are really PNG, JPEG, GIF or WebP, sent with the
  // type their bytes show (never the type the customer's browser claimed).
  app.get('/api/orders/:id/files/:attachmentId/preview', async (request, reply) => {
    const a = await attachmentOf(request.params);
    const path = app.files.pathOf(a.storage_key);
    const type = await sniffRasterImage(path);
    if (!type) throw new AppError(415, 'no_preview', 'This file has no preview.');
    return reply.headers({ ...DOWNLOAD_HEADERS, 'content-type': type, 'content-disposition': 'inline' }).send(createReadStream(path));
  });

  app.get('/api/orders/:id/files.zip', async (request, reply: FastifyReply) => {
    const { id } = parse(idParam, request.params);
    const order = await findOrder(db, id);
    if (!order) throw new AppError(404, 'not_found', 'No such order.');
    const zip = new yazl.ZipFile();
    for (const a of await listAttachments(db, id)) {
      // Stored, not deflated: artwork is mostly compressed already, and storing streams at disk speed.
      zip.addFile(app.files.pathOf(a.storage_key), a.name, { compress: false });
    }
    zip.end();
    return reply.headers({ ...DOWNLOAD_HEADERS, 'content-type': 'application/zip', 'content-disposition': disposition(`${order.reference}.zip`) }).send(zip.outputStream);
  });
}

async function sniffRasterImage(path: string): Promise<string | null> {
  const fh = await fs.open(path, 'r');
  try {
    const { buffer, bytesRead } = await fh.read(Buffer.alloc(12), 0, 12, 0);
    const b = buffer.subarray(0, bytesRead);
    if (b.subarray(0, 8).equals(Buffer.from('89504e470d0a1a0a', 'hex'))) return 'image/png';
    if (b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return 'image/jpeg';
    if (b.subarray(0, 6).toString('latin1') === 'GIF87a' || b.subarray(0, 6).toString('latin1') === 'GIF89a') return 'image/gif';
    if (b.subarray(0, 4).toString('latin1') === 'RIFF' && b.subarray(8, 12).toString('latin1') === 'WEBP') return 'image/webp';
    return null;
  } finally {
    await fh.close();
  }
}
