// The shop's second email about an order, sent only when the server's check of the stored
// artwork found views that may print blurry (the first email leaves before the check ends).
import { artworkLine, type MeasuredArtwork } from '../../shared/artwork-report.js';
import { VIEW_LABELS } from '../../shared/order-presentation.js';
import type { ValidOrderBody } from '../../shared/order-schema.js';
import { VIEWS } from '../../shared/constants.js';
import type { MailToQueue } from '../storage/mail-queue.js';
import { escapeHtml } from '../mail/compose.js';

export interface ArtworkWarning {
  layout: number;
  view: string;
  line: string;
}

/** The views of an order whose measured artwork rates low at the size the customer asked for. */
export function artworkWarnings(
  document: ValidOrderBody,
  artworkByName: Map<string, MeasuredArtwork>,
): ArtworkWarning[] {
  const warnings: ArtworkWarning[] = [];
  for (const [key, layout] of Object.entries(document.layouts)) {
    for (const view of VIEWS) {
      const datum = layout.viewData[view];
      if (!datum?.image) continue;
      const result = artworkLine(artworkByName.get(datum.image) ?? null, datum.dimensions);
      if (result.rating === 'low')
        warnings.push({ layout: Number(key), view: VIEW_LABELS.en[view], line: result.text });
    }
  }
  return warnings.sort((a, b) => a.layout - b.layout);
}

export function composeArtworkMail(
  order: { id: string; reference: string },
  warnings: ArtworkWarning[],
  shop: { shopEmail: string; publicUrl: string },
): MailToQueue {
  const link = `${shop.publicUrl.replace(/\/$/, '')}/inbox/orders/${order.id}`;
  const lines = warnings.map((w) => `Design Layout ${w.layout}, ${w.view}: ${w.line}`);
  const title = `Artwork to check for order ${order.reference}`;
  const intro = 'These graphics may print blurry at the size the customer asked for:';
  return {
    kind: 'shop',
    to: shop.shopEmail,
    subject: title,
    text: [title, '', intro, ...lines.map((l) => `  ${l}`), '', `Open it in the inbox: ${link}`].join('\n'),
    html: `<!doctype html><html><body style="font-family:Arial,Helvetica,sans-serif;color:#111827;line-height:1.5"><h1 style="font-size:20px">${escapeHtml(title)}</h1><p>${escapeHtml(intro)}</p><ul>${lines.map((l) => `<li>${escapeHtml(l)}</li>`).join('')}</ul><p>${escapeHtml(`Open it in the inbox: ${link}`)}</p></body></html>`,
  };
}
