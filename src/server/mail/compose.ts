// The two emails of a new order: the shop's notification and the customer's confirmation.
// Every piece of customer text goes through escapeHtml in the HTML part.
import { statusLabel, STANDARD_TURNAROUND_DAYS, VIEWS } from '../../shared/constants.js';
import type { ValidOrderBody } from '../../shared/order-schema.js';

export interface ShopIdentity {
  name: string;
  contact: string;
  shopEmail: string;
  publicUrl: string;
}

export interface ComposedMail {
  kind: 'shop' | 'customer';
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface OrderForMail {
  id: string;
  reference: string;
  createdAt: string;
  status: string;
  document: ValidOrderBody;
  attachments: { name: string; size: number }[];
}

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

/** Header values must not carry line breaks (no header injection through a name). */
const oneLine = (value: string) => value.replace(/[\r\n\t]+/g, ' ').trim();

const yesNo = (v: boolean) => (v ? 'Yes' : 'No');

function describe(order: OrderForMail) {
  const doc = order.document;
  const first = doc.layouts['1']!;
  const billing = first.billing!;
  const shipping = first.shipping;
  const deadline = first.deadline?.hasCriticalDeadline
    ? `Critical deadline: ${first.deadline.date || 'date not given'}`
    : `Standard ${STANDARD_TURNAROUND_DAYS}-day turnaround`;
  const shipTo = !shipping || shipping.sameAsBilling
    ? shipping?.localPickup ? 'Local pickup' : 'Same as billing address'
    : shipping.localPickup
      ? 'Local pickup'
      : [`${shipping.firstName} ${shipping.lastName}`.trim(), shipping.companyName, shipping.address, `${shipping.city} ${shipping.province} ${shipping.postalCode}`.trim(), shipping.phone]
          .filter(Boolean)
          .join(', ');
  const layouts = Object.keys(doc.layouts)
    .map(Number)
    .sort((a, b) => a - b)
    .map((n) => {
      const l = doc.layouts[String(n)]!;
      const lines: string[] = [];
      lines.push(`Mockups: ${l.mockupOption === 'upload' ? 'Uploaded mockups and artwork' : l.mockupOption === 'create' ? 'Building their own in the Design Studio' : 'Not chosen'}`);
      for (const view of VIEWS) {
        const v = l.viewData[view];
        if (v && (v.image || v.dimensions || v.decoration)) lines.push(`${view}: ${[v.image, v.dimensions, v.decoration].filter(Boolean).join(', ')}`);
      }
      if (l.garmentOption === 'po') lines.push('Garments: information provided in a PO');
      if (l.garmentOption === 'pick') {
        l.variations.forEach((v, i) => {
          const supplied = v.supplyingGoods === 'yes' ? `customer supplies the goods${v.itemPO ? `, item PO ${v.itemPO}` : ''}` : '';
          lines.push(`${i === 0 ? 'Garment' : `Variation #${i + 1}`}: ${[v.type, v.color, v.sizes, supplied].filter(Boolean).join(', ') || 'no details'}`);
        });
      }
      return { title: `Design Layout ${n}`, lines };
    });
  return { billing, deadline, shipTo, layouts, notes: first.jobNotes ?? '' };
}

function formatSize(bytes: number): string {
  if (bytes >= 1024 ** 3) return `${(bytes / 1024 ** 3).toFixed(1)} GB`;
  if (bytes >= 1024 ** 2) return `${(bytes / 1024 ** 2).toFixed(1)} MB`;
  if (bytes >= 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${bytes} bytes`;
}

function render(title: string, intro: string[], sections: { heading: string; lines: string[] }[], footer: string[]) {
  const text = [title, '', ...intro, '', ...sections.flatMap((s) => [s.heading, ...s.lines.map((l) => `  ${l}`), '']), ...footer].join('\n');
  const html = `<!doctype html><html><body style="font-family:Arial,Helvetica,sans-serif;color:#111827;line-height:1.5">
<h1 style="font-size:20px">${escapeHtml(title)}</h1>
${intro.map((p) => `<p>${escapeHtml(p)}</p>`).join('\n')}
${sections.map((s) => `<h2 style="font-size:16px;margin-bottom:4px">${escapeHtml(s.heading)}</h2><ul>${s.lines.map((l) => `<li>${escapeHtml(l)}</li>`).join('')}</ul>`).join('\n')}
${footer.map((p) => `<p style="color:#4b5563;font-size:13px">${escapeHtml(p)}</p>`).join('\n')}
</body></html>`;
  return { text, html };
}

export function composeOrderMails(order: OrderForMail, shop: ShopIdentity): ComposedMail[] {
  const d = describe(order);
  const name = `${d.billing.firstName} ${d.billing.lastName}`.trim();
  const link = `${shop.publicUrl.replace(/\/$/, '')}/inbox/orders/${order.id}`;
  const files = order.attachments.map((a) => `${a.name} (${formatSize(a.size)})`);
  const options = [`Resale partner: ${yesNo(order.document.isResalePartner)}`, `Biodegradable poly bags: ${yesNo(order.document.includePolyBags)}`];
  const layoutSections = d.layouts.map((l) => ({ heading: l.title, lines: l.lines }));

  const shopMail = render(
    `New order ${order.reference}`,
    [`${name}${d.billing.companyName ? ` (${d.billing.companyName})` : ''} placed an order on ${order.createdAt.slice(0, 10)}.`, `Deadline: ${d.deadline}`, `Open it in the inbox: ${link}`],
    [
      {
        heading: 'Customer',
        lines: [name, d.billing.companyName, d.billing.email, d.billing.phone, `${d.billing.address}, ${d.billing.city} ${d.billing.province} ${d.billing.postalCode}`].filter(Boolean),
      },
      { heading: 'Shipping', lines: [d.shipTo] },
      ...layoutSections,
      { heading: 'Options', lines: options },
      ...(d.notes ? [{ heading: 'Job notes', lines: [d.notes] }] : []),
      { heading: `Files (${files.length})`, lines: files.length ? files : ['None'] },
    ],
    [`Status: ${statusLabel(order.status)}`],
  );

  const customerMail = render(
    `We received your order ${order.reference}`,
    [
      `Thank you${d.billing.firstName ? `, ${d.billing.firstName}` : ''}. ${shop.name} received your order on ${order.createdAt.slice(0, 10)}.`,
      `Your order reference is ${order.reference}. Please quote it when you contact us.`,
      `Deadline: ${d.deadline}`,
    ],
    [...layoutSections, { heading: 'Options', lines: options }, { heading: `Files received (${files.length})`, lines: files.length ? files : ['None'] }],
    [`${shop.name.replace(/\.$/, '')}. Contact: ${shop.contact.replace(/\.$/, '')}.`, 'You receive this email because an order was placed with this address on our order form.'],
  );

  return [
    { kind: 'shop', to: shop.shopEmail, subject: oneLine(`New order ${order.reference}: ${name}${d.billing.companyName ? ` (${d.billing.companyName})` : ''}${order.document.layouts['1']?.deadline?.hasCriticalDeadline ? ' [RUSH]' : ''}`), ...shopMail },
    { kind: 'customer', to: d.billing.email, subject: oneLine(`We received your order ${order.reference}`), ...customerMail },
  ];
}
