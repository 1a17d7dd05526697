// The inbox's CSV export: the list as it is filtered, streamed in keyset pages.
import { stringify } from 'csv-stringify';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { orderListQuerySchema } from '../../shared/inbox-api.js';
import { statusLabel, yesNo } from '../../shared/order-presentation.js';
import { toMeasured, artworkWarnings, artworkOfOrders } from '../artwork/index.js';
import { attachmentsOfOrders, ordersForExport } from '../storage/orders.js';
import type { OrderRow } from '../storage/schema.js';
import { quoteWaitCutoff } from '../storage/order-flags.js';
import type { ShopProfileSource } from '../settings/index.js';
import { spreadsheetSafe } from '../http/csv-cells.js';
import { attachmentDisposition } from '../http/downloads.js';
import { fromJson } from '../storage/json.js';

const COLUMNS = [
  'Reference',
  'Received',
  'Status',
  'Customer',
  'Email',
  'Company',
  'Deadline',
  'Rush',
  'Layouts',
  'Files',
  'Total bytes',
  'Resale partner',
  'Poly bags',
  'Artwork warnings',
];

export async function exportRoutes(
  app: FastifyInstance,
  opts: { shopProfile: Pick<ShopProfileSource, 'currentShop'> },
): Promise<void> {
  /** "Layout 1 Front: 640×480 px · 64 ppi at 10 in wide · low; …" for the views that may print blurry. */
  const artworkWarningsOf = async (page: OrderRow[]): Promise<Map<string, string>> => {
    const ids = page.map((r) => r.id);
    const [attachments, artwork] = await Promise.all([attachmentsOfOrders(app.db, ids), artworkOfOrders(app.db, ids)]);
    const measured = new Map(artwork.map((row) => [row.attachment_id, toMeasured(row)]));
    const out = new Map<string, string>();
    for (const r of page) {
      const byName = new Map(
        attachments.flatMap((a) =>
          a.order_id === r.id && measured.has(a.id) ? [[a.name, measured.get(a.id)!] as const] : [],
        ),
      );
      const warnings = artworkWarnings(fromJson(r.document), byName);
      if (warnings.length) out.set(r.id, warnings.map((w) => `Layout ${w.layout} ${w.view}: ${w.line}`).join('; '));
    }
    return out;
  };

  app
    .withTypeProvider<ZodTypeProvider>()
    .get('/api/orders/export.csv', { schema: { querystring: orderListQuerySchema } }, async (request, reply) => {
      const csv = stringify({
        header: true,
        columns: COLUMNS,
        // Every cell quoted, and no formula where a spreadsheet could start a cell (csv-cells.ts).
        quoted: true,
        quoted_empty: true,
        cast: { string: spreadsheetSafe },
      });
      reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', attachmentDisposition(`orders-${new Date().toISOString().slice(0, 10)}.csv`))
        .header('x-content-type-options', 'nosniff');
      // The list's flag too (storage/order-flags.ts): the export is what the list shows.
      const { quoteWaitDays } = (await opts.shopProfile.currentShop()).profile;
      const flag = { flag: request.query.flag, quoteCutoff: quoteWaitCutoff(new Date(), quoteWaitDays) };
      void (async () => {
        try {
          for await (const page of ordersForExport(app.db, request.query, flag)) {
            const warnings = await artworkWarningsOf(page);
            for (const r of page) {
              const doc = fromJson(r.document);
              const ok = csv.write([
                r.reference,
                r.created_at,
                statusLabel(r.status),
                r.customer_name,
                r.customer_email,
                r.company_name,
                r.deadline_date ?? '',
                yesNo(r.has_critical_deadline === 1),
                r.layout_count,
                r.attachment_count,
                r.total_bytes,
                yesNo(Boolean(doc.isResalePartner)),
                yesNo(Boolean(doc.includePolyBags)),
                warnings.get(r.id) ?? '',
              ]);
              if (!ok) await new Promise((resolve) => csv.once('drain', resolve));
            }
          }
          csv.end();
        } catch (err) {
          csv.destroy(err as Error);
        }
      })();
      return reply.send(csv);
    });
}
